import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsField, bodyField, contactIdField, defineOperation } from '../../../shared/descriptions';
import { readBack } from '../../../shared/steps';
import { blankTextLeftOut } from '../../helpers/contactBody';
import { addressField, agentField } from '../contactFields';

const amount = (name: string, displayName: string, description: string): INodeProperties =>
	bodyField(name, { displayName, name, type: 'number', typeOptions: { minValue: 0 }, default: 0, description });

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
		preSend: [blankTextLeftOut],
		postReceive: [readBack({ answerKey: 'value', idKey: 'presentAccommodationId', readPath: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}', what: 'record' })],
	},
	fields: [
		contactIdField('ID of the contact who lives there'),
		bodyField('housingType', {
			displayName: 'Housing Type',
			name: 'housingType',
			type: 'options',
			options: [
				{ name: 'Condominium', value: 'Condominium' },
				{ name: 'Cottage', value: 'Cottage' },
				{ name: 'Farm', value: 'Farm' },
				{ name: 'House', value: 'House' },
				{ name: 'Other', value: 'Other' },
				{ name: 'Rental', value: 'Rental' },
			],
			default: 'Condominium',
			required: true,
			description: 'What kind of home the contact lives in',
		}),
		additionalFieldsField([
				addressField,
				agentField,
				amount('estimatedValue', 'Estimated Value', 'Estimated market value in SEK'),
				amount('livingSpace', 'Living Space', 'Living space in square metres'),
				amount('monthlyFee', 'Monthly Fee', 'Monthly fee to the housing association in SEK'),
				bodyField('note', { displayName: 'Note', name: 'note', type: 'string', typeOptions: { rows: 3 }, default: '' }),
				amount('numberOfRooms', 'Number of Rooms', 'Number of rooms'),
				bodyField('plansToSell', { displayName: 'Plans to Sell', name: 'plansToSell', type: 'boolean', default: false, description: 'Whether the contact plans to sell the home' }),
				amount('sellWithinMonths', 'Sell Within Months', 'In how many months the contact expects to sell'),
				bodyField('soldEstateId', { displayName: 'Sold Estate ID', name: 'soldEstateId', type: 'string', default: '', description: 'The sold property where the contact left this information' }),
				bodyField('tenure', { displayName: 'Tenure', name: 'tenure', type: 'string', default: '', placeholder: 'Bostadsrätt', description: 'Form of ownership, e.g. Bostadsrätt, Äganderätt or Hyresrätt' }),
			]),
	],
});
