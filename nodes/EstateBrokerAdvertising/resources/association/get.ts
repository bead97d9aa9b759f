import { defineOperation } from '../../../shared/descriptions';

export const getAssociation = defineOperation({
	resource: 'association',
	value: 'get',
	name: 'Get',
	action: 'Get a housing association',
	description:
		'Read the details of a housing association (the cooperative a condominium belongs to)',
	request: {
		method: 'GET',
		path: '/Advertising/Association/{customerId}/{associationId}',
		pathLabels: { associationId: 'Association ID' },
	},
	fields: [
		{
			displayName: 'Association ID',
			name: 'associationId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'ORGBRFBBFE5C932EA893A429ABC37020763A3B',
			description: 'The housing association to read',
		},
	],
});
