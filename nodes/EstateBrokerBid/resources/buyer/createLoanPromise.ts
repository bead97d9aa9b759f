import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { inputError } from '../../../shared/rules';
import { additionalFieldsField, bodyField, contactIdField, defineOperation, estateIdField, retiredField } from '../../../shared/descriptions';
import { blankTextLeftOut, isoDateBodyFields } from '../../../shared/steps';
import { pickedValue, type RequestStep } from '../../../shared/transport';

/** Fields of the record as the form labels them, for the message that names what to use instead. */
const LOAN_PROMISE_FIELDS = 'Bank, Estate, Valid Until, Estate Type, Status, Financing';

/** Fields of earlier versions that Buyer_LoanPromise (models-2026.json) lacks, by parameter path: label. */
const RETIRED: Record<string, string> = { amount: 'Amount', 'additionalFields.note': 'Note' };

/**
 * A saved Amount or Note (earlier versions, when the loan promise's shape was assumed) is
 * refused by name: the service's loan promise holds neither, and neither becomes another field.
 */
const refuseRetired: RequestStep = async function (request) {
	const given = Object.entries(RETIRED).filter(([path]) => {
		const value = this.getNodeParameter(path, '') as unknown;
		return value !== '' && value !== 0 && value !== null && value !== undefined;
	});
	if (given.length) {
		throw inputError(
			this,
			`A loan promise has no ${given.map(([, label]) => label).join(' or ')}`,
			`The service's loan promise holds: ${LOAN_PROMISE_FIELDS}. Set Amount (Retired) to 0 and remove Note (Retired) from Additional Fields; an amount or a note can go on the buyer (Contacts › Person › Create or Update › Note).`,
		);
	}
	return request;
};

const choices = (values: string[], names: Record<string, string> = {}) => values.map((value) => ({ name: names[value] ?? value.replace(/([a-z])([A-Z])/g, '$1 $2'), value }));

/** Buyer_LoanPromise of docs/spec/models-2026.json: {bank, validUntil, estateType, estateId, status, financing}. */
export const createLoanPromise = defineOperation({
	resource: 'buyer',
	value: 'createLoanPromise',
	name: 'Create Loan Promise',
	action: 'Create a loan promise for a buyer',
	description: "Record a buyer's loan promise: the bank, until when it holds, the property, whether it is verified, and how the purchase is financed. The item carries the new loan promise ID.",
	request: {
		method: 'POST',
		path: '/CRM/Buyer/{customerId}/{contactId}/LoanPromise',
		pathLabels: { contactId: 'Contact ID' },
		bodyRoot: 'LoanPromise',
		preSend: [refuseRetired, blankTextLeftOut, isoDateBodyFields({ validUntil: 'Valid Until' })],
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
			placeholder: 'Swedbank',
			description: 'The bank that gives the promise',
		}),
		bodyField('estateId', estateIdField('The property the promise is for. Leave empty for a promise not tied to one property.', false)),
		// Top level, so shown by node version (n8n cannot show a top-level field by its own saved value).
		{
			displayName: 'Amount (Retired)',
			name: 'amount',
			type: 'number',
			default: 0,
			displayOptions: { show: { '@version': [1, 1.1] } },
			description: `Not a field of the service's loan promise, which holds: ${LOAN_PROMISE_FIELDS}. Set it to 0.`,
		},
		additionalFieldsField([
			bodyField('estateType', {
				displayName: 'Estate Type',
				name: 'estateType',
				type: 'options',
				options: choices(['Apartment', 'Cottage', 'House']),
				default: 'Apartment',
				description: 'What kind of home the promise is for',
			}),
			bodyField('financing', {
				displayName: 'Financing',
				name: 'financing',
				type: 'options',
				options: choices(['Bank', 'Other', 'Unknown']),
				default: 'Bank',
				description: 'How the purchase is financed',
			}),
			retiredField('note', 'Note', 'string', `The record holds: ${LOAN_PROMISE_FIELDS}.`),
			bodyField('status', {
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: choices(['AutomaticVerification', 'CanNotVerify', 'CouldNotBeVerified', 'IsBeingProcessed', 'NoLoanPromiseExists', 'PreApprovalVerifiedByBank', 'VerifiedByBank'], {
					CanNotVerify: 'Cannot Verify',
					PreApprovalVerifiedByBank: 'Pre-Approval Verified by Bank',
					VerifiedByBank: 'Verified by Bank',
				}),
				default: 'VerifiedByBank',
				description: 'Whether and how the promise is verified',
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

