import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { jsonText, inputError, TEXT_LIMITS, pickedValue } from '../../../shared/rules';
import { bodyField, defineOperation } from '../../../shared/descriptions';
import { type RequestStep } from '../../../shared/engine';
import { marketingStep } from '../../helpers/marketing';
import { estateIdField, interestOptions, personFields, personSteps } from '../../helpers/person';

/**
 * The two endpoints differ only in their last path segment, so the Duplicate Check option
 * stores that segment and the path template takes it as a placeholder: the transport fills
 * and encodes it like any id. This step refuses anything else an expression might give.
 */
const DUPLICATE_CHECKS = ['interest', 'interestRestrictive'];
const checkDuplicateCheck: RequestStep = async function (request) {
	const value = this.getNodeParameter('duplicateCheck', '') as string;
	// Exact, not shared oneOf's any-case match: the value itself becomes the path segment.
	if (!DUPLICATE_CHECKS.includes(value))
		throw inputError(
			this,
			`Duplicate Check must be one of ${DUPLICATE_CHECKS.join(', ')}; got "${value}"`,
		);
	return request;
};

/** Present Accommodation as JSON, sent as an object: the model's { estateType, livingSpace, numberOfRooms, price, other, coordinate }. */
const parsePresentAccommodation: RequestStep = async function (request) {
	const body = request.body as IDataObject;
	// Text in the model; an expression may give a number.
	if (typeof body.assignmentSourceId === 'number')
		body.assignmentSourceId = String(body.assignmentSourceId);
	if (body.presentAccommodation !== undefined)
		body.presentAccommodation = jsonText(
			this,
			body.presentAccommodation,
			'Present Accommodation',
		) as IDataObject;
	return request;
};

export const createInterestApplication = defineOperation({
	resource: 'interestApplication',
	value: 'create',
	name: 'Create',
	action: 'Create an interest application',
	description:
		'Register that a person is interested in a property, e.g. from a web form. The person is matched against existing contacts first, so sending the same person twice does not create a second contact.',
	request: {
		method: 'POST',
		path: '/Advertising/Estate/{customerId}/{estateId}/{duplicateCheck}',
		pathLabels: { estateId: 'Estate ID', duplicateCheck: 'Duplicate Check' },
		bodyRoot: 'AdvertisingInterestApplication',
		preSend: [checkDuplicateCheck, ...personSteps(''), marketingStep, parsePresentAccommodation],
		output: {
			kind: 'acknowledge',
			item(this: IExecuteSingleFunctions) {
				return {
					registered: true,
					estateId: String(pickedValue(this.getNodeParameter('estateId', ''))).trim(),
					duplicateCheck: this.getNodeParameter('duplicateCheck', '') as string,
					firstName: String(this.getNodeParameter('firstName', '')).trim(),
					lastName: String(this.getNodeParameter('lastName', '')).trim(),
				};
			},
		},
	},
	// One call per item: run as n8n's custom operation, its fields' routing applied there (engine/eachItem.ts).
	eachItem: { written: 'interest applications' },
	textLimits: TEXT_LIMITS.interestApplication,
	fields: [
		estateIdField,
		{
			displayName: 'Duplicate Check',
			name: 'duplicateCheck',
			type: 'options',
			options: [
				{
					name: 'Whole Database',
					value: 'interest',
					description: 'Match the person against every contact before adding a new one',
				},
				{
					name: 'Only Contacts Linked to the Firm',
					value: 'interestRestrictive',
					description:
						"Match only against your firm's contacts; a person known only elsewhere becomes a new contact",
				},
			],
			default: 'interest',
			description: 'Which existing contacts the person is matched against',
		},
		...personFields('', 'interestApplication', [
			bodyField('assignmentSourceId', {
				displayName: 'Assignment Source ID',
				name: 'assignmentSourceId',
				type: 'string',
				default: '',
				description: 'Where the assignment came from: the ID of one of your intake sources',
			}),
			bodyField('contactMessage', {
				displayName: 'Message',
				name: 'contactMessage',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'What the person wrote, e.g. in the web form',
			}),
			bodyField('presentAccommodation', {
				displayName: 'Present Accommodation (JSON)',
				name: 'presentAccommodation',
				type: 'json',
				default: '{}',
				description: 'Where the person lives now, as JSON',
			}),
			bodyField('status', {
				displayName: 'Interest Status',
				name: 'status',
				type: 'options',
				options: interestOptions(['Assigned', 'Interested', 'NotInterested', 'VeryInterested']),
				default: 'Interested',
				description: 'How interested the person is',
			}),
		]),
	],
});
