import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsField, bodyField, contactIdField, defineOperation, retiredField } from '../../../shared/descriptions';
import { isoDateBodyFields, readBack } from '../../../shared/steps';
import { addressField, coordinateField } from '../contactFields';
import { PRESENT_ACCOMMODATION_FIELDS, RETIRED_FIELDS, WRITTEN_ESTATE_TYPES_FROM, presentAccommodationBody } from '../../helpers/presentAccommodationBody';

const amount = (wire: string, name: string, displayName: string, description: string): INodeProperties =>
	bodyField(wire, { displayName, name, type: 'number', typeOptions: { minValue: 0 }, default: 0, description });

/** Types of earlier fields, so that a saved value shows in its own kind of input. */
const RETIRED_TYPES: Record<string, INodeProperties['type']> = { address: 'fixedCollection', plansToSell: 'boolean', sellWithinMonths: 'number' };

/** The write's estate types (Request_EstateType), as the form offers them. */
const HOUSING_TYPES = [
	{ name: 'Cottage', value: 'Cottage', description: 'A holiday home (fritidshus)' },
	{ name: 'Farm', value: 'Farm', description: 'A farm or forest property (lantbruk); read back as Agriculture Property' },
	{ name: 'House', value: 'House', description: 'A detached house (villa)' },
	{ name: 'Housing Cooperative', value: 'HousingCooperative', description: 'A tenant-owned apartment (bostadsrätt)' },
	{ name: 'None', value: 'None', description: 'No home of their own' },
	{ name: 'Other Housing', value: 'OtherHousing' },
	{ name: 'Plot', value: 'Plot', description: 'Land to build on (tomt)' },
	{ name: 'Row House', value: 'RowHouse', description: 'A terraced house (radhus)' },
	{ name: 'Tenancy', value: 'Tenancy', description: 'A rented home (hyresrätt)' },
];

const housingType = (extra: Partial<INodeProperties>): INodeProperties =>
	bodyField('estateType', { displayName: 'Housing Type', name: 'housingType', type: 'options', options: HOUSING_TYPES, default: 'HousingCooperative', required: true, description: 'What kind of home the contact lives in', ...extra });

/**
 * Housing Type by node version. Versions 1 and 1.1 defaulted to Condominium, which the record
 * reads but the write does not take: n8n stores no parameter left at its default, so those
 * versions keep that default (refused by name when run) and list the earlier choices, marked,
 * so a saved one shows as saved; from 1.2 the write's types only, a housing cooperative first.
 */
const housingTypeFields: INodeProperties[] = [
	housingType({
		options: [
			...HOUSING_TYPES,
			{ name: 'Agriculture Property (Written as Farm)', value: 'AgricultureProperty', description: 'Earlier name of Farm' },
			{ name: 'Commercial Property (Cannot Be Written)', value: 'CommercialProperty', description: 'Read back only: choose another type' },
			{ name: 'Condominium (Cannot Be Written)', value: 'Condominium', description: 'Read back only: a tenant-owned apartment is Housing Cooperative' },
		],
		default: 'Condominium',
		displayOptions: { show: { '@version': [1, 1.1] } },
	}),
	housingType({ displayOptions: { show: { '@version': [{ _cnd: { gte: WRITTEN_ESTATE_TYPES_FROM } }] } } }),
];

/**
 * Request_CrmPresentAccomodation (docs/spec/models-2026.json): the write's own body, with its
 * own estate types, a monthly cost and a moved-in date. Parameter names of earlier versions
 * stay where the meaning holds (housingType is the estate type, estimatedValue the price, note
 * the other information, a saved Monthly Fee the monthly cost).
 */
export const upsertPresentAccommodation = defineOperation({
	resource: 'presentAccommodation',
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update the present accommodation of a contact',
	description: 'Create a new present accommodation, or update the current one if it already exists (upsert)',
	request: {
		method: 'POST',
		path: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
		bodyRoot: 'CrmPresentAccomodation',
		preSend: [presentAccommodationBody, isoDateBodyFields({ movedInDate: 'Moved In' })],
		postReceive: [readBack({ answerKey: 'value', idKey: 'presentAccommodationId', readPath: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}', what: 'record' })],
	},
	fields: [
		contactIdField('The contact who lives there'),
		...housingTypeFields,
		additionalFieldsField([
			coordinateField('latitude', 'longitude'),
			retiredField('hasBeenAsked', 'Has Been Asked', 'boolean', 'Writing a present accommodation marks the contact as asked.'),
			amount('livingSpace', 'livingSpace', 'Living Space', 'Living space in square metres'),
			// Built by the body step (whole kronor; a saved Monthly Fee counts as it).
			{ displayName: 'Monthly Cost', name: 'monthlyCost', type: 'number', typeOptions: { minValue: 0, numberPrecision: 0 }, default: 0, description: 'Rent or fee per month, in whole SEK' },
			{
				displayName: 'Monthly Fee (Sent as Monthly Cost)',
				name: 'monthlyFee',
				type: 'number',
				default: 0,
				displayOptions: { show: { monthlyFee: [{ _cnd: { exists: true } }] } },
				description: 'Saved by an earlier version; sent as Monthly Cost unless Monthly Cost is given. Move it to Monthly Cost.',
			},
			bodyField('movedInDate', { displayName: 'Moved In', name: 'movedInDate', type: 'dateTime', default: '', description: 'When the contact moved in' }),
			amount('numberOfRooms', 'numberOfRooms', 'Number of Rooms', 'Number of rooms; halves allowed (2.5)'),
			bodyField('other', { displayName: 'Other Information', name: 'note', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Anything else about the home, as free text' }),
			amount('price', 'estimatedValue', 'Price', 'Price or value of the home in SEK'),
			...Object.entries(RETIRED_FIELDS).map(([name, label]) =>
				retiredField(name, label, RETIRED_TYPES[name] ?? 'string', `The record holds: ${PRESENT_ACCOMMODATION_FIELDS}.`, name === 'address' ? { options: addressField.options } : {}),
			),
		]),
	],
});
