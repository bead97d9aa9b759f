import type { INodeProperties } from 'n8n-workflow';

import { coordinateParameter, defineOperation } from '../../../shared/descriptions';
import { farmProfileBody, rangeField, rangeValues, stepField } from '../../helpers/farmProfile';

const drawnAreasField: INodeProperties = {
	displayName: 'Drawn Areas',
	name: 'drawnAreas',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	default: {},
	placeholder: 'Add Drawn Area',
	description: 'Areas drawn on a map, each a polygon of at least three points',
	options: [
		{
			displayName: 'Polygon',
			name: 'polygon',
			values: [
				{
					displayName: 'Points',
					name: 'points',
					type: 'fixedCollection',
					typeOptions: { multipleValues: true },
					default: {},
					placeholder: 'Add Point',
					options: [
						{
							displayName: 'Point',
							name: 'point',
							values: [
								coordinateParameter('latitude', 'latitud'),
								coordinateParameter('longitude', 'longitud'),
							],
						},
					],
				},
			],
		},
	],
};

const priceField: INodeProperties = {
	displayName: 'Price',
	name: 'price',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Add Price',
	description:
		'Price range in SEK: domestic steps for farms in Sweden, foreign steps for farms abroad',
	options: [
		{
			displayName: 'Domestic Price',
			name: 'domestic',
			values: rangeValues('Price', 'getDomesticPriceSteps'),
		},
		{
			displayName: 'Foreign Price',
			name: 'foreign',
			values: rangeValues('Price', 'getForeignPriceSteps'),
		},
	],
};

export const updateFarmProfile = defineOperation({
	resource: 'searchProfile',
	value: 'updateFarm',
	name: 'Update Farm Profile',
	action: 'Update a farm search profile',
	description:
		'Set what a buyer looks for in a farm: types, areas, size, rooms, price and special requirements',
	request: {
		method: 'PUT',
		path: '/CRM/Contact/{customerId}/SearchProfile/Farm/{searchProfileId}',
		pathLabels: { searchProfileId: 'Search Profile ID' },
		bodyRoot: 'SearchProfileFarmUpdate',
		preSend: [farmProfileBody],
		output: {
			kind: 'acknowledge',
			item() {
				return {
					searchProfileId: this.getNodeParameter('searchProfileId') as string,
					updated: true,
				};
			},
		},
	},
	fields: [
		{
			displayName: 'Search Profile ID',
			name: 'searchProfileId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'SP00012',
			description: 'ID of the farm search profile',
		},
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Area Names or IDs',
					name: 'areaIds',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'getAreas' },
					default: [],
					description:
						'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				},
				stepField('bedrooms', 'Bedrooms', 'getRoomSteps', 'Number of bedrooms'),
				drawnAreasField,
				{
					displayName: 'Drawn Areas Name',
					name: 'drawnAreasName',
					type: 'string',
					default: '',
					description: 'Name of the drawn areas',
				},
				{
					displayName: 'Farm Type Names or IDs',
					name: 'subtypes',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'getFarmSubtypes' },
					default: [],
					description:
						'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				},
				{
					displayName: 'Increased Requirement Names or IDs',
					name: 'increasedRequirementIds',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'getIncreasedRequirements' },
					default: [],
					description:
						'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				},
				{
					displayName: 'Is Automatic Profile',
					name: 'isAutomaticProfile',
					type: 'boolean',
					default: false,
					description: 'Whether the profile was created automatically',
				},
				rangeField('livingSpace', 'Living Space', 'Living Space (m²)', 'getLivingAreaSteps'),
				{
					displayName: 'Municipality Codes',
					name: 'municipalityCodes',
					type: 'string',
					default: '',
					placeholder: '0180, 0380',
					description: 'Four-digit municipality codes, separated by commas',
				},
				rangeField('numberOfRooms', 'Number of Rooms', 'Rooms', 'getRoomSteps'),
				priceField,
				rangeField('totalArea', 'Total Area', 'Total Area (Hectares)', 'getFarmAreaSteps'),
			],
		},
	],
});
