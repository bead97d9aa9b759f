import { itemsOfLists } from '../../helpers/sales';
import { defineOperation } from '../../../shared/descriptions';
import { periodFields, periodStep } from '../../helpers/dates';

const ESTATE_KINDS = [
	'houses',
	'housingCooperatives',
	'cottages',
	'plots',
	'farms',
	'condominiums',
	'commercialProperties',
	'foreignProperties',
];

export const getSoldEstates = defineOperation({
	resource: 'sales',
	value: 'getSoldEstates',
	name: 'Get Sold Estates',
	action: 'Get sold estates',
	description:
		'The estates sold by contract date, one item per estate with its office, kind (houses, condominiums…), status, address, responsible agent and contract day',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/Estates',
		customerIdQuery: 'customerId',
		preSend: [periodStep({ limit: 'none', required: false })],
		// One record per office with a list per kind of estate (EstateReferences): one item per estate.
		postReceive: [
			itemsOfLists(ESTATE_KINDS, { customerId: 'customerId', officeName: 'name' }, 'kind'),
		],
	},
	fields: periodFields({
		limit: 'none',
		required: false,
		subject: 'Estates whose contract was signed',
	}),
});
