import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import {
	customerIdField,
	messageFormatField,
	triggerRequestOptionsField,
} from '../shared/descriptions';
import { failedItem } from '../shared/items';
import { EVENTS, STATUSES, SUBTYPES, TARGETS } from './catalogue';
import { withEstateChanges } from './estateChanges';
import { withRecord } from './fullRecord';
import { acceptNotification } from './receive';
import { credentialSecret, SECRET_QUERY, secretProblem } from './secret';

export class EstateBrokerNotificationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Estate Broker Notification Trigger',
		name: 'estateBrokerNotificationTrigger',
		icon: {
			light: 'file:estateBrokerNotificationTrigger.svg',
			dark: 'file:estateBrokerNotificationTrigger.dark.svg',
		},
		group: ['trigger'],
		// Version 1.1, not 1: n8n evaluates an expression on every request for any webhook node at version 1
		// (it takes it for the first version of its own Webhook node), a fifth of a notification's cost.
		version: 1.1,
		subtitle: '={{ ($parameter["targets"] || []).join(", ") || "All notifications" }}',
		description:
			'Starts a workflow the moment the brokerage system notifies a change (estates, contacts, merges, meetings…)',
		defaults: { name: 'Estate Broker Notification Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// The secret in a credential of its own (secret.ts SECRET_CREDENTIAL), encrypted at rest like n8n's Webhook node's auth: in no workflow JSON, execution or export.
		credentials: [
			{ name: 'estateBrokerApi', required: true },
			{ name: 'estateBrokerNotificationSecretApi', required: true, testedBy: 'notificationSecret' },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// The service allows 2 seconds: webhook() answers itself (receive.ts), before n8n saves the execution.
				responseMode: 'onReceived',
				responseData: 'noData',
				path: 'notification',
			},
		],
		properties: [
			{
				displayName: `Give the service's support the Production URL above with ?${SECRET_QUERY}= and the secret of the Estate Broker Notification Secret credential appended, as the subscription's receiver URL. Requests without the secret are refused. Nothing is lost while the workflow runs, but notifications sent while it is not published (or n8n is down) are: see the README for the polling trigger as a net.`,
				name: 'setupNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: EVENTS,
				default: [],
				description: 'Which events start the workflow. None chosen: all.',
			},
			{
				displayName: 'Targets',
				name: 'targets',
				type: 'multiOptions',
				options: TARGETS,
				default: [],
				description:
					'Which kinds of record start the workflow. None chosen: all the subscription sends.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Fetch Record',
						name: 'fetchRecord',
						type: 'boolean',
						default: false,
						description:
							"Whether to read the notified record as the workflow starts: a contact (person, company, deceased estate, association), a merge's kept person, or a listing (an estate with its type's details and agents, an agent, an office, an area, a project with its agents). A Remove, or a record the service no longer gives, comes as the notification alone with recordStatus saying so. An Estate Update also gets changes: its status, price, viewings and bidding as they changed since this trigger last read the estate.",
					},
					{
						displayName: 'Offices',
						name: 'offices',
						type: 'string',
						default: '',
						placeholder: 'M30011, M30012',
						description:
							"Only notifications of these offices (comma-separated), among those the Customer ID covers. Empty: all of them. Another customer's notifications are always refused.",
					},
					{
						displayName: 'Statuses',
						name: 'statuses',
						type: 'multiOptions',
						options: STATUSES,
						default: [],
						description:
							'Only estates and projects whose data.status is one of these (sent on Update, when known). Other targets are not affected.',
					},
					{
						displayName: 'Subtypes',
						name: 'subtypes',
						type: 'multiOptions',
						options: SUBTYPES,
						default: [],
						description:
							'Only these subtypes (kind of estate, of contact, of relation). None chosen: all.',
					},
					{
						displayName: 'Test Notifications',
						name: 'testNotifications',
						type: 'options',
						options: [
							{
								name: 'Start the Workflow, Marked',
								value: 'emit',
								description: 'The item has isTest: true',
							},
							{ name: 'Ignore', value: 'ignore', description: 'Answered, but no workflow starts' },
						],
						default: 'emit',
						description:
							"What to do with a notification sent by hand from the service's test page (it names no subscription)",
					},
				],
			},
			customerIdField,
			{ ...messageFormatField, displayOptions: { show: { '/options.fetchRecord': [true] } } },
			{
				...triggerRequestOptionsField,
				displayOptions: { show: { '/options.fetchRecord': [true] } },
			},
		],
	};

	methods = {
		credentialTest: {
			/** The credential's Test: the secret is strong enough to go live (nothing is sent anywhere). */
			async notificationSecret(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				const problem = secretProblem(credential.data?.secret);
				return problem
					? { status: 'Error', message: problem }
					: {
							status: 'OK',
							message: 'The secret is strong enough; give the service the receiver URL with it',
						};
			},
		},
	};

	// The service has no subscription endpoint: the user hands the URL over. Activation only
	// checks the credential's secret, so a weak one never goes live.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const problem = secretProblem(await credentialSecret(this));
				if (problem)
					throw new NodeOperationError(this.getNode(), problem, {
						description:
							'The Estate Broker Notification Secret credential: use random letters, digits, "-" or "_"; the service sends it back in the receiver URL.',
					});
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await acceptNotification.call(this);
	}

	/** Runs as the workflow starts, after the service has its answer: the optional record reads. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const options = this.getNodeParameter('options', 0, {}) as IDataObject;
		if (options.fetchRecord !== true) return [items];
		const out: INodeExecutionData[] = [];
		for (const [index, item] of items.entries()) {
			try {
				out.push({ json: await withRecord.call(this, item.json), pairedItem: { item: index } });
			} catch (error) {
				out.push(...failedItem(this, error, index, item.json));
			}
		}
		const changed = withEstateChanges(
			this,
			out.map((item) => item.json),
		);
		return [out.map((item, index) => ({ ...item, json: changed[index] }))];
	}
}
