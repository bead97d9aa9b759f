import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { bodyField, defineOperation } from '../../../shared/descriptions';
import { TEXT_LIMITS } from '../../../shared/limits';
import { pickedValue } from '../../../shared/transport';
import { byDisplayName, estateIdField, leadSourceFields, personDetailFields, personNameFields, personSteps } from '../../helpers/person';

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
		preSend: personSteps('person.'),
		output: {
			kind: 'value',
			key: 'finalPriceWatchId',
			extra(this: IExecuteSingleFunctions) {
				return { estateId: String(pickedValue(this.getNodeParameter('estateId', ''))).trim() };
			},
		},
	},
	textLimits: TEXT_LIMITS.finalPriceWatchPerson,
	fields: [
		estateIdField,
		...personNameFields('person.'),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: byDisplayName([
				...personDetailFields('person.'),
				...leadSourceFields(),
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
					type: 'string',
					default: '',
					description: 'How the person relates to buying, as your brokerage system names it',
				}),
			]),
		},
	],
});
