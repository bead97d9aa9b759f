import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { webhookCredentialCustomer } from '../shared/transport';
import { MOST_BODY_BYTES, NotANotification, type Notification, notificationItem, readNotification } from './notification';
import { SECRET_QUERY, secretMatches, secretProblem } from './secret';

/**
 * The webhook: every check is made on what the request holds, with no call to the service and
 * no wait, so the answer (the service allows 2 seconds) never depends on the workflow or on
 * the sender. A refused request starts nothing and is answered with the reason, never with
 * the secret or the node's settings.
 */

/** Writes the answer now, on the request's own response. */
function answer(context: IWebhookFunctions, statusCode: number, message: string): void {
	const response = context.getResponseObject();
	response.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8' });
	response.end(JSON.stringify({ message }));
}

/** Answers at once and starts nothing. */
function refuseRequest(context: IWebhookFunctions, statusCode: number, message: string): IWebhookResponseData {
	answer(context, statusCode, message);
	return { noWebhookResponse: true };
}

/** A notification for this node that its filters leave out: taken (2xx), no workflow. */
const notStarted = (reason: string): IWebhookResponseData => ({ webhookResponse: { message: `Notification received; ${reason}: no workflow started` } });

const listOf = (value: unknown): string[] =>
	(Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []).map((entry) => String(entry).trim()).filter((entry) => entry !== '');

/**
 * Whether the notification's office is one the node's customer covers: that office, or an
 * office of that group. The service names the group of the office as chainId (G…, as the
 * group customer ids are written).
 */
export function coveredBy(notification: Notification, customerId: string): boolean {
	if (notification.customerId.toUpperCase() === customerId.toUpperCase()) return true;
	return /^G/i.test(customerId) && notification.chainId !== null && notification.chainId.toUpperCase() === customerId.toUpperCase();
}

/** Why the node's filters leave the notification out, or undefined when it starts the workflow. */
function filteredOut(context: IWebhookFunctions, notification: Notification, isTest: boolean): string | undefined {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	if (isTest && options.testNotifications === 'ignore') return 'test notifications are ignored';
	const events = listOf(context.getNodeParameter('events', []));
	if (events.length && !events.includes(notification.event)) return 'event filtered out';
	const targets = listOf(context.getNodeParameter('targets', []));
	if (targets.length && !targets.includes(notification.type)) return 'target filtered out';
	const subtypes = listOf(options.subtypes);
	if (subtypes.length && !subtypes.includes(notification.subtype ?? '')) return 'subtype filtered out';
	const offices = listOf(options.offices).map((office) => office.toUpperCase());
	if (offices.length && !offices.includes(notification.customerId.toUpperCase())) return 'office filtered out';
	const statuses = listOf(options.statuses);
	if (statuses.length && ['Estate', 'Project'].includes(notification.type)) {
		const status = (notification.data as IDataObject | undefined)?.status;
		if (typeof status !== 'string' || !statuses.includes(status)) return 'status filtered out';
	}
	return undefined;
}

export async function acceptNotification(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const secret = this.getNodeParameter('secret', '') as string;
	const query = this.getQueryData() as IDataObject;
	// A node without a usable secret takes nothing, whatever the request holds.
	if (secretProblem(secret) !== undefined || !secretMatches(query[SECRET_QUERY], secret)) {
		return refuseRequest(this, 401, 'The receiver URL needs its secret');
	}
	// n8n has read the body within its own size limit; a notification is far smaller.
	const rawBody = (this.getRequestObject() as { rawBody?: Buffer }).rawBody;
	if (rawBody && rawBody.length > MOST_BODY_BYTES) return refuseRequest(this, 413, `A notification is at most ${MOST_BODY_BYTES} bytes`);
	let notification: Notification;
	try {
		const fields = Object.fromEntries(Object.entries(query).filter(([name]) => name !== SECRET_QUERY));
		notification = readNotification(this.getBodyData(), fields);
	} catch (error) {
		if (error instanceof NotANotification) return refuseRequest(this, 400, `Not a notification: ${error.message}`);
		throw new NodeOperationError(this.getNode(), error as Error);
	}
	const nodeCustomer = String(this.getNodeParameter('customerId', '') ?? '').trim();
	const customerId = nodeCustomer !== '' ? nodeCustomer : await webhookCredentialCustomer(this);
	if (customerId === '' || !coveredBy(notification, customerId)) return refuseRequest(this, 403, 'The notification is for a customer this workflow does not cover');
	// The service's test page sends a notification before a subscription exists: it names none.
	const isTest = notification.name === null;
	const reason = filteredOut(this, notification, isTest);
	if (reason) return notStarted(reason);
	// Answered before n8n saves the execution (its 'onReceived' waits for that): the service's
	// 2 seconds are never spent on n8n's database while executions pile up.
	answer(this, 200, 'Notification received');
	return { noWebhookResponse: true, workflowData: [[{ json: notificationItem(notification, isTest) }]] };
}
