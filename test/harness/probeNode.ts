import type { IHttpRequestOptions, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	bodyField,
	customerIdField,
	defineOperation,
	messageFormatField,
	nodeProperties,
	queryField,
} from '../../nodes/shared/descriptions';
import { CREDENTIAL_TYPE, resolveCustomerId } from '../../nodes/shared/account';
import { BROKER_REQUEST_DEFAULTS } from '../../nodes/shared/engine';

/**
 * A small declarative node on the shared transport, for the transport's own tests: it sends
 * what it is given without the checks the real nodes make first, so the server's answers
 * (400 included) reach the transport.
 */
const getBid = defineOperation({
	resource: 'probe',
	value: 'getBid',
	name: 'Get Bid',
	action: 'Get a bid',
	description: 'GET /CRM/Bid/{customerId}/{id}',
	request: {
		method: 'GET',
		path: '/CRM/Bid/{customerId}/{bidId}',
		pathLabels: { bidId: 'Bid ID' },
	},
	fields: [{ displayName: 'Bid ID', name: 'bidId', type: 'string', default: '' }],
});

const search = defineOperation({
	resource: 'probe',
	value: 'search',
	name: 'Search',
	action: 'Search contacts',
	description: 'GET /CRM/Contact/{customerId}/Search, unchecked',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Search',
		output: { kind: 'records', property: 'matches' },
	},
	fields: [
		queryField('criteria.term', { displayName: 'Term', name: 'term', type: 'string', default: '' }),
		queryField('criteria.maxSize', {
			displayName: 'Max Size',
			name: 'maxSize',
			type: 'number',
			default: 50,
		}),
	],
});

const upsertPerson = defineOperation({
	resource: 'probe',
	value: 'upsertPerson',
	name: 'Upsert Person',
	action: 'Create or update a person',
	description: 'POST /Contacts/UpdatePerson',
	request: {
		method: 'POST',
		path: '/Contacts/UpdatePerson',
		bodyRoot: 'UpdatePerson',
		preSend: [
			async function (this, request: IHttpRequestOptions) {
				const credentials = await this.getCredentials(CREDENTIAL_TYPE);
				const customerId = resolveCustomerId(
					this.getNode(),
					this.getNodeParameter('customerId', ''),
					credentials,
				);
				return { ...request, body: { ...(request.body as object), customerId } };
			},
		],
		output: { kind: 'value', key: 'contactId' },
	},
	fields: [
		bodyField('firstName', {
			displayName: 'First Name',
			name: 'firstName',
			type: 'string',
			default: '',
		}),
		bodyField('lastName', {
			displayName: 'Last Name',
			name: 'lastName',
			type: 'string',
			default: '',
		}),
		bodyField('email.emailAddress', {
			displayName: 'Email',
			name: 'email',
			type: 'string',
			default: '',
		}),
		bodyField('socialSecurityNumber', {
			displayName: 'SSN',
			name: 'socialSecurityNumber',
			type: 'string',
			default: '',
		}),
	],
});

export class TransportProbe implements INodeType {
	description = {
		displayName: 'Transport Probe',
		name: 'transportProbe',
		group: ['transform'],
		version: 1,
		description: 'Test node',
		defaults: { name: 'Transport Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		requestDefaults: BROKER_REQUEST_DEFAULTS,
		properties: [
			...nodeProperties([
				{
					name: 'Probe',
					value: 'probe',
					operations: [getBid, search, upsertPerson],
					defaultOperation: 'getBid',
				},
			]),
			customerIdField,
			messageFormatField,
		],
	} as INodeType['description'];
}
