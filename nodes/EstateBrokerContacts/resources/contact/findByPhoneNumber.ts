import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { defineOperation, optionsField, queryField } from '../../../shared/descriptions';
import { requiredQuery } from '../../../shared/steps';
import type { AnswerStep } from '../../../shared/engine';

/** Without a customer id the service looks in every office the credential may use. */
async function scope(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	if (!this.getNodeParameter('options.allOffices', false)) return request;
	const qs = { ...(request.qs ?? {}) };
	delete qs.customerId;
	return { ...request, qs };
}

/** The answer groups ids per customer; users get one item per contact. */
const onePerContact: AnswerStep = async function (answers) {
	return answers.flatMap((answer) => {
		const ids = answer.json.contactIds;
		const list = Array.isArray(ids) ? ids : ids === undefined || ids === null ? [] : [ids];
		return list.map((contactId) => ({
			json: { contactId, customerId: answer.json.customerId } as IDataObject,
			pairedItem: answer.pairedItem,
		}));
	});
};

export const findContactsByPhoneNumber = defineOperation({
	resource: 'contact',
	value: 'findByPhoneNumber',
	name: 'Find by Phone Number',
	action: 'Find contacts by phone number',
	description: 'Find the contacts that have a given phone number, one item per contact',
	request: {
		method: 'GET',
		path: '/Contacts/GetContactsWithPhonenumber',
		customerIdQuery: 'customerId',
		preSend: [requiredQuery({ phoneNumber: 'Phone Number' }), scope],
		postReceive: [onePerContact],
	},
	fields: [
		queryField('phoneNumber', {
			displayName: 'Phone Number',
			name: 'phoneNumber',
			type: 'string',
			default: '',
			required: true,
			placeholder: '070-123 45 67',
			description: 'Phone number to look for; spaces and dashes do not matter',
		}),
		optionsField([
			{
				displayName: 'All Offices',
				name: 'allOffices',
				type: 'boolean',
				default: false,
				description:
					'Whether to look in every office the credential may use, instead of the Customer ID only',
			},
		]),
	],
});
