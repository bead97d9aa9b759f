import type { IExecuteSingleFunctions } from 'n8n-workflow';

import {
	additionalFieldsField,
	bodyField,
	contactIdField,
	defineOperation,
	estateIdField,
} from '../../../shared/descriptions';
import { blankTextLeftOut, isoDateBodyFields } from '../../../shared/steps';
import { pickedValue } from '../../../shared/rules';

const choices = (values: string[], names: Record<string, string> = {}) =>
	values.map((value) => ({
		name: names[value] ?? value.replace(/([a-z])([A-Z])/g, '$1 $2'),
		value,
	}));

/** Buyer_LoanPromise of docs/spec/models-2026.json: {bank, validUntil, estateType, estateId, status, financing}. */
export const createLoanPromise = defineOperation({
	resource: 'buyer',
	value: 'createLoanPromise',
	name: 'Create Loan Promise',
	action: 'Create a loan promise for a buyer',
	description:
		"Record a buyer's loan promise: the bank, until when it holds, the property, whether it is verified, and how the purchase is financed. The item carries the new loan promise ID.",
	request: {
		method: 'POST',
		path: '/CRM/Buyer/{customerId}/{contactId}/LoanPromise',
		pathLabels: { contactId: 'Contact ID' },
		bodyRoot: 'LoanPromise',
		preSend: [blankTextLeftOut, isoDateBodyFields({ validUntil: 'Valid Until' })],
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
		bodyField(
			'estateId',
			estateIdField(
				'The property the promise is for. Leave empty for a promise not tied to one property.',
				false,
			),
		),
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
			bodyField('status', {
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: choices(
					[
						'AutomaticVerification',
						'CanNotVerify',
						'CouldNotBeVerified',
						'IsBeingProcessed',
						'NoLoanPromiseExists',
						'PreApprovalVerifiedByBank',
						'VerifiedByBank',
					],
					{
						CanNotVerify: 'Cannot Verify',
						PreApprovalVerifiedByBank: 'Pre-Approval Verified by Bank',
						VerifiedByBank: 'Verified by Bank',
					},
				),
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
