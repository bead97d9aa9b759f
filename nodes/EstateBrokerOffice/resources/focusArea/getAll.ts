import { defineOperation, queryField } from '../../../shared/descriptions';
import { listFields } from '../../helpers/listFields';

export const getAllFocusAreas = defineOperation({
	resource: 'focusArea',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many focus areas',
	description: 'List the focus areas (areas drawn on the map for prospecting) with their outlines, or one of them',
	request: {
		method: 'GET',
		path: '/Area/FocusArea',
		customerIdQuery: 'request.customerId',
	},
	fields: [
		...listFields(
			queryField('request.areaId', {
				displayName: 'Focus Area ID',
				name: 'areaId',
				type: 'string',
				default: '',
				placeholder: 'FA0001',
				description: 'Only this focus area (the ID Create gives)',
			}),
		),
	],
});
