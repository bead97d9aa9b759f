import type { INodeProperties } from 'n8n-workflow';

import {
	additionalFieldsField,
	bodyField,
	contactIdField,
	defineOperation,
} from '../../../shared/descriptions';
import { isoDateBodyFields, readBack } from '../../../shared/steps';
import { coordinateField } from '../contactFields';
import { presentAccommodationBody } from '../../helpers/presentAccommodationBody';

const amount = (
	wire: string,
	name: string,
	displayName: string,
	description: string,
): INodeProperties =>
	bodyField(wire, {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description,
	});

/** The write's estate types (Request_EstateType), as the form offers them. */
const HOUSING_TYPES = [
	{ name: 'Cottage', value: 'Cottage', description: 'A holiday home (fritidshus)' },
	{
		name: 'Farm',
		value: 'Farm',
		description: 'A farm or forest property (lantbruk); read back as Agriculture Property',
	},
	{ name: 'House', value: 'House', description: 'A detached house (villa)' },
	{
		name: 'Housing Cooperative',
		value: 'HousingCooperative',
		description: 'A tenant-owned apartment (bostadsrätt)',
	},
	{ name: 'None', value: 'None', description: 'No home of their own' },
	{ name: 'Other Housing', value: 'OtherHousing' },
	{ name: 'Plot', value: 'Plot', description: 'Land to build on (tomt)' },
	{ name: 'Row House', value: 'RowHouse', description: 'A terraced house (radhus)' },
	{ name: 'Tenancy', value: 'Tenancy', description: 'A rented home (hyresrätt)' },
];

const housingTypeField: INodeProperties = bodyField('estateType', {
	displayName: 'Housing Type',
	name: 'housingType',
	type: 'options',
	options: HOUSING_TYPES,
	default: 'HousingCooperative',
	required: true,
	description: 'What kind of home the contact lives in',
});

/**
 * Request_CrmPresentAccomodation (docs/spec/models-2026.json): the write's own body, with its
 * own estate types, a monthly cost and a moved-in date (the parameter housingType is the
 * estate type, estimatedValue the price, note the other information).
 */
export const upsertPresentAccommodation = defineOperation({
	resource: 'presentAccommodation',
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update the present accommodation of a contact',
	description:
		'Create a new present accommodation, or update the current one if it already exists (upsert)',
	request: {
		method: 'POST',
		path: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
		bodyRoot: 'CrmPresentAccomodation',
		preSend: [presentAccommodationBody, isoDateBodyFields({ movedInDate: 'Moved In' })],
		postReceive: [
			readBack({
				answerKey: 'value',
				idKey: 'presentAccommodationId',
				readPath: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}',
				what: 'record',
			}),
		],
	},
	fields: [
		contactIdField('The contact who lives there'),
		housingTypeField,
		additionalFieldsField([
			coordinateField('latitude', 'longitude'),
			amount('livingSpace', 'livingSpace', 'Living Space', 'Living space in square metres'),
			// Built by the body step (whole kronor).
			{
				displayName: 'Monthly Cost',
				name: 'monthlyCost',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Rent or fee per month, in whole SEK',
			},
			bodyField('movedInDate', {
				displayName: 'Moved In',
				name: 'movedInDate',
				type: 'dateTime',
				default: '',
				description: 'When the contact moved in',
			}),
			amount(
				'numberOfRooms',
				'numberOfRooms',
				'Number of Rooms',
				'Number of rooms; halves allowed (2.5)',
			),
			bodyField('other', {
				displayName: 'Other Information',
				name: 'note',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Anything else about the home, as free text',
			}),
			amount('price', 'estimatedValue', 'Price', 'Price or value of the home in SEK'),
		]),
	],
});
