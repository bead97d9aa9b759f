import { defineOperation, queryField } from '../../../shared/descriptions';
import { recordPicker } from '../../../shared/pickers';
import { listFields } from '../../helpers/listFields';

export const getAllFocusAreas = defineOperation({
	resource: 'focusArea',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many focus areas',
	description:
		'List the focus areas (areas drawn on the map for prospecting) with their outlines, or one of them',
	request: {
		method: 'GET',
		path: '/Area/FocusArea',
		customerIdQuery: 'request.customerId',
	},
	fields: [
		...listFields(
			queryField(
				'request.areaId',
				recordPicker({
					displayName: 'Focus Area',
					name: 'areaId',
					description: 'Only this focus area',
					searchListMethod: 'searchFocusAreas',
					placeholder: 'FA0001',
					required: false,
				}),
			),
		),
	],
});
