import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsField, bodyField, contactIdField, coordinateParameter, defineOperation, retiredField } from '../../../shared/descriptions';
import { readBack } from '../../../shared/steps';
import { addressField } from '../contactFields';
import { PRESENT_ACCOMMODATION_FIELDS, RETIRED_FIELDS, presentAccommodationBody } from '../../helpers/presentAccommodationBody';

const amount = (wire: string, name: string, displayName: string, description: string): INodeProperties =>
	bodyField(wire, { displayName, name, type: 'number', typeOptions: { minValue: 0 }, default: 0, description });

/** Types of earlier fields, so that a saved value shows in its own kind of input. */
const RETIRED_TYPES: Record<string, INodeProperties['type']> = { address: 'fixedCollection', plansToSell: 'boolean', monthlyFee: 'number', sellWithinMonths: 'number' };

/**
 * CrmPresentAccomodation (docs/spec/models.md). interface.md names the body its "request form"
 * without showing it; the body here is the record as it is read back. Parameter names of
 * earlier versions stay where the meaning holds (housingType is the estate type, estimatedValue
 * the price, note the other information).
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
		preSend: [presentAccommodationBody],
		postReceive: [readBack({ answerKey: 'value', idKey: 'presentAccommodationId', readPath: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}', what: 'record' })],
	},
	fields: [
		contactIdField('The contact who lives there'),
		bodyField('estateType', {
			displayName: 'Housing Type',
			name: 'housingType',
			type: 'options',
			options: [
				{ name: 'Agriculture Property', value: 'AgricultureProperty', description: 'A farm or forest property' },
				{ name: 'Commercial Property', value: 'CommercialProperty' },
				{ name: 'Condominium', value: 'Condominium' },
				{ name: 'Cottage', value: 'Cottage', description: 'A holiday home (fritidshus)' },
				{ name: 'House', value: 'House', description: 'A detached house (villa)' },
				{ name: 'Housing Cooperative', value: 'HousingCooperative', description: 'An apartment in a housing cooperative' },
				{ name: 'Other Housing', value: 'OtherHousing' },
				{ name: 'Plot', value: 'Plot', description: 'Land to build on (tomt)' },
				{ name: 'Row House', value: 'RowHouse', description: 'A terraced house (radhus)' },
				{ name: 'Tenancy', value: 'Tenancy', description: 'A rented home (hyresrätt)' },
			],
			default: 'Condominium',
			required: true,
			description: 'What kind of home the contact lives in',
		}),
		additionalFieldsField([
			{
				displayName: 'Coordinate',
				name: 'coordinate',
				type: 'fixedCollection',
				default: {},
				placeholder: 'Add Coordinate',
				options: [
					{
						displayName: 'Coordinate',
						name: 'value',
						values: [
							bodyField('coordinate.latitude', coordinateParameter('latitude')),
							bodyField('coordinate.longitude', coordinateParameter('longitude')),
						],
					},
				],
			},
			bodyField('hasBeenAsked', { displayName: 'Has Been Asked', name: 'hasBeenAsked', type: 'boolean', default: true, description: 'Whether the contact has been asked about their present home' }),
			amount('livingSpace', 'livingSpace', 'Living Space', 'Living space in square metres'),
			amount('numberOfRooms', 'numberOfRooms', 'Number of Rooms', 'Number of rooms; halves allowed (2.5)'),
			bodyField('other', { displayName: 'Other Information', name: 'note', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Anything else about the home, as free text' }),
			amount('price', 'estimatedValue', 'Price', 'Price or value of the home in SEK'),
			...Object.entries(RETIRED_FIELDS).map(([name, label]) =>
				retiredField(name, label, RETIRED_TYPES[name] ?? 'string', `The record holds: ${PRESENT_ACCOMMODATION_FIELDS}.`, name === 'address' ? { options: addressField.options } : {}),
			),
		]),
	],
});
