import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { webhookCredentialCustomer } from '../shared/account';
import {
	MOST_BODY_BYTES,
	type Notification,
	notificationItem,
	readNotification,
} from './notification';
import { requestHasSecret, SECRET_QUERY } from './secret';

/**
 * The webhook: every check is made on what the request holds, with no call to the service and
 * no wait, so the answer (the service allows 2 seconds) never depends on the workflow or on
 * the sender. Only a request without the secret (401), one for a customer the node does not
 * cover (403) or a body beyond MOST_BODY_BYTES (413) is refused: it starts nothing and is
 * answered with the reason, never with the secret or the node's settings. Whatever its shape,
 * any other notification starts the workflow, with what could not be read said on the item.
 */

/** Writes the answer now, on the request's own response. */
function answer(context: IWebhookFunctions, statusCode: number, message: string): void {
	const response = context.getResponseObject();
	response.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8' });
	response.end(JSON.stringify({ message }));
}

/** Answers at once and starts nothing. */
function refuseRequest(
	context: IWebhookFunctions,
	statusCode: number,
	message: string,
): IWebhookResponseData {
	answer(context, statusCode, message);
	return { noWebhookResponse: true };
}

/** A notification for this node that its filters leave out: taken (2xx), no workflow. */
const notStarted = (reason: string): IWebhookResponseData => ({
	webhookResponse: { message: `Notification received; ${reason}: no workflow started` },
});

const listOf = (value: unknown): string[] =>
	(Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
		.map((entry) => String(entry).trim())
		.filter((entry) => entry !== '');
const officesOf = (options: IDataObject) =>
	listOf(options.offices).map((office) => office.toUpperCase());

/**
 * Whether the notification's office is one the node's customer covers: that office, or an
 * office of that group. The service names the group of the office as chainId (G…, as the
 * group customer ids are written). The form of 2026-09-16 sends no chainId: a group then takes
 * the notification, its secret having matched, and says that the group could not be checked
 * ('unchecked'); the Offices option filters it as any other.
 */
export function coverage(
	notification: Notification,
	customerId: string,
): 'covered' | 'unchecked' | 'notCovered' {
	const upper = (id: unknown) => (typeof id === 'string' ? id.toUpperCase() : undefined);
	const office = upper(notification.customerId);
	if (office === customerId.toUpperCase()) return 'covered';
	if (!/^G/i.test(customerId) || office === undefined) return 'notCovered';
	if (notification.chainId !== null)
		return upper(notification.chainId) === customerId.toUpperCase() ? 'covered' : 'notCovered';
	return 'unchecked';
}

/**
 * Whether a filter on `field` lets the notification through: its value is one chosen, or the
 * field could not be read (a problem said on the item), which no filter holds against it.
 */
function passes(
	chosen: string[],
	notification: Notification,
	field: 'event' | 'type' | 'subtype',
	required: boolean,
): boolean {
	const value = notification[field];
	if (value === null) return required;
	return typeof value !== 'string' || chosen.includes(value);
}

/** Why the node's filters leave the notification out, or undefined when it starts the workflow. */
function filteredOut(
	context: IWebhookFunctions,
	notification: Notification,
	isTest: boolean,
): string | undefined {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	if (isTest && options.testNotifications === 'ignore') return 'test notifications are ignored';
	const events = listOf(context.getNodeParameter('events', []));
	if (events.length && !passes(events, notification, 'event', true)) return 'event filtered out';
	const targets = listOf(context.getNodeParameter('targets', []));
	if (targets.length && !passes(targets, notification, 'type', true)) return 'target filtered out';
	// A notification without a subtype (a meeting, a note) is not one of the subtypes chosen.
	const subtypes = listOf(options.subtypes);
	if (subtypes.length && !passes(subtypes, notification, 'subtype', false))
		return 'subtype filtered out';
	const offices = officesOf(options);
	if (
		offices.length &&
		typeof notification.customerId === 'string' &&
		!offices.includes(notification.customerId.toUpperCase())
	)
		return 'office filtered out';
	const statuses = listOf(options.statuses);
	if (statuses.length && ['Estate', 'Project'].includes(notification.type ?? '')) {
		const status = (notification.data as IDataObject | undefined)?.status;
		if (typeof status !== 'string' || !statuses.includes(status)) return 'status filtered out';
	}
	return undefined;
}

export async function acceptNotification(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	if (!(await requestHasSecret(this, query[SECRET_QUERY]))) {
		return refuseRequest(this, 401, 'The receiver URL needs its secret');
	}
	// n8n has read the body within its own size limit; a notification is far smaller.
	const rawBody = (this.getRequestObject() as { rawBody?: Buffer }).rawBody;
	if (rawBody && rawBody.length > MOST_BODY_BYTES)
		return refuseRequest(this, 413, `A notification is at most ${MOST_BODY_BYTES} bytes`);
	const fields = Object.fromEntries(
		Object.entries(query).filter(([name]) => name !== SECRET_QUERY),
	);
	const notification = readNotification(this.getBodyData(), fields);
	const nodeCustomer = String(this.getNodeParameter('customerId', '') ?? '').trim();
	const customerId = nodeCustomer !== '' ? nodeCustomer : await webhookCredentialCustomer(this);
	const covered = customerId === '' ? 'notCovered' : coverage(notification, customerId);
	if (covered === 'notCovered')
		return refuseRequest(
			this,
			403,
			'The notification is for a customer this workflow does not cover',
		);
	if (covered === 'unchecked')
		notification.problems.push(
			`chainId is missing: whether office ${String(notification.customerId)} is of group ${customerId} could not be checked`,
		);
	// The service's test page sends a notification before a subscription exists: it names none.
	const isTest = notification.name === null;
	const reason = filteredOut(this, notification, isTest);
	if (reason) return notStarted(reason);
	// Answered before n8n saves the execution (its 'onReceived' waits for that): the service's
	// 2 seconds are never spent on n8n's database while executions pile up.
	answer(this, 200, 'Notification received');
	return {
		noWebhookResponse: true,
		workflowData: [[{ json: notificationItem(notification, isTest) }]],
	};
}
