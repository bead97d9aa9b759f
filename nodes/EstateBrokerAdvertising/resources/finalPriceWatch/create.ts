import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { oneOf, TEXT_LIMITS, pickedValue } from '../../../shared/rules';
import { bodyField, defineOperation } from '../../../shared/descriptions';
import { type RequestStep } from '../../../shared/engine';
import { marketingStep } from '../../helpers/marketing';
import { estateIdField, interestOptions, personFields, personSteps } from '../../helpers/person';

/** Advertising_AdvertisingFinalPriceWatchedProspectiveBuyerStatus (models-2026.json). */
const PROSPECTIVE_BUYER_STATUSES = ['Assigned', 'Interested', 'NotInterested'] as const;

/** The status as the service names it: given by expression in another case, read as the choice; any other refused with the choices. */
const checkProspectiveBuyerStatus: RequestStep = async function (request) {
	const body = (request.body ?? {}) as IDataObject;
	if (body.prospectiveBuyerStatus !== undefined)
		body.prospectiveBuyerStatus = oneOf(
			this,
			body.prospectiveBuyerStatus,
			'Prospective Buyer Status',
			PROSPECTIVE_BUYER_STATUSES,
		);
	return request;
};

export const createFinalPriceWatch = defineOperation({
	resource: 'finalPriceWatch',
	value: 'create',
	name: 'Create',
	action: 'Create a final price watch',
	description:
		'Register a person who wants to know the final price of a property when it is sold. The person is matched against existing contacts first. The item carries the new watch ID.',
	request: {
		method: 'POST',
		path: '/Advertising/Estate/{customerId}/{estateId}/FinalPriceWatched',
		pathLabels: { estateId: 'Estate ID' },
		bodyRoot: 'AdvertisingFinalPriceWatchedApplication',
		preSend: [...personSteps('person.'), marketingStep, checkProspectiveBuyerStatus],
		output: {
			kind: 'value',
			key: 'finalPriceWatchId',
			extra(this: IExecuteSingleFunctions) {
				return { estateId: String(pickedValue(this.getNodeParameter('estateId', ''))).trim() };
			},
		},
	},
	// One call per item: run as n8n's custom operation, its fields' routing applied there (engine/eachItem.ts).
	eachItem: { written: 'final price watches' },
	textLimits: TEXT_LIMITS.finalPriceWatchPerson,
	fields: [
		estateIdField,
		...personFields('person.', 'finalPriceWatch', [
			bodyField('message', {
				displayName: 'Message',
				name: 'message',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'What the person wrote',
			}),
			bodyField('prospectiveBuyerStatus', {
				displayName: 'Prospective Buyer Status',
				name: 'prospectiveBuyerStatus',
				type: 'options',
				options: interestOptions(PROSPECTIVE_BUYER_STATUSES),
				default: 'Interested',
				description: 'How the person relates to buying the property',
			}),
		]),
	],
});
