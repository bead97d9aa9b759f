import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { additionalFieldsField, bodyField, contactIdField, defineOperation } from '../../../shared/descriptions';
import { isoDateBodyFields } from '../../../shared/steps';
import { pickedValue } from '../../../shared/transport';

/** LoanPromise is not public: the sandbox assumes bank, amount, valid-until date and a note (sandbox/README.md). */
export const createLoanPromise = defineOperation({
	resource: 'buyer',
	value: 'createLoanPromise',
	name: 'Create Loan Promise',
	action: 'Create a loan promise for a buyer',
	description: "Record the bank's promise to lend a buyer a given amount. The item carries the new loan promise ID.",
	request: {
		method: 'POST',
		path: '/CRM/Buyer/{customerId}/{contactId}/LoanPromise',
		pathLabels: { contactId: 'Contact ID' },
		bodyRoot: 'LoanPromise',
		preSend: [isoDateBodyFields({ validUntil: 'Valid Until' })],
		output: {
			kind: 'value',
			key: 'loanPromiseId',
			extra(this: IExecuteSingleFunctions) {
				return { contactId: String(pickedValue(this.getNodeParameter('contactId', ''))).trim() };
			},
		},
	},
	fields: [
		contactIdField('The buyer the loan is promised to'),
		bodyField('bank', {
			displayName: 'Bank',
			name: 'bank',
			type: 'string',
			default: '',
			required: true,
			description: 'The bank that gives the promise',
		}),
		bodyField('amount', {
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			required: true,
			description: 'The amount the bank promises to lend',
		}),
		additionalFieldsField([
				bodyField('note', {
					displayName: 'Note',
					name: 'note',
					type: 'string',
					typeOptions: { rows: 2 },
					default: '',
				}),
				bodyField('validUntil', {
					displayName: 'Valid Until',
					name: 'validUntil',
					type: 'dateTime',
					default: '',
					description: 'Last day the promise holds',
				}),
			]),
	],
});
