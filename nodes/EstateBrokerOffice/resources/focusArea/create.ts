import { defineOperation } from '../../../shared/descriptions';
import { focusAreaBody, polygonFields } from '../../helpers/polygon';
import { sentWithId } from '../../helpers/sentWithId';

/** CreateFocusAreaRequest is not public: the sandbox assumes { areaName, coordinates, municipalityCode? } (sandbox/README.md). */
export const createFocusArea = defineOperation({
	resource: 'focusArea',
	value: 'create',
	name: 'Create',
	action: 'Create a focus area',
	description:
		'Draw an area on the map to focus on, e.g. for prospecting, from its corner points or a GeoJSON polygon. The item carries the new focus area ID.',
	request: {
		method: 'POST',
		path: '/Area/FocusArea',
		customerIdQuery: 'customerId',
		bodyRoot: 'CreateFocusAreaRequest',
		preSend: [focusAreaBody],
		postReceive: [sentWithId(['areaName', 'municipalityCode'])],
		output: { kind: 'value', key: 'focusAreaId' },
	},
	fields: [
		{
			displayName: 'Area Name',
			name: 'areaName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'Södermalm east',
			description: 'Name of the focus area (at most 100 characters)',
		},
		...polygonFields,
		{
			displayName: 'Municipality Code',
			name: 'municipalityCode',
			type: 'string',
			default: '',
			placeholder: '0180',
			description:
				'Optional four-digit municipality code the area lies in, e.g. 0180 for Stockholm',
		},
	],
});
