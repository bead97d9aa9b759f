import type { INodeProperties } from 'n8n-workflow';

import { agentField, coordinateParameter, type CoordinateAxis } from '../../shared/descriptions';

/**
 * The fields of CmsCondominium (interface.md 2.1) and CmsCottage (docs/spec/models.md: the
 * same without the assignment source, plus the plot's area), grouped the way a broker fills in a listing. Each group is a collection, so only
 * the fields a user adds are sent: an update never overwrites a stored value with a blank.
 * helpers/cmsBody.ts reads the groups back into the wire body, using the same tables.
 */

export type CmsMode = 'create' | 'update';

/** How a field's value goes on the wire: text trimmed, a number (≥ 0 for amounts), an integer, a boolean, an id list. */
export type CmsValueKind = 'text' | 'amount' | 'integer' | 'boolean' | 'ids';

export interface CmsField {
	/** Parameter name inside its group. */
	name: string;
	displayName: string;
	/** Body path of the value, e.g. baseInformation.address.zipCode. */
	wire: string;
	kind: CmsValueKind;
	description: string;
	placeholder?: string;
	/** Long text: shown with several rows. */
	rows?: number;
}

export interface CmsGroup {
	/** Parameter name of the collection. */
	name: string;
	displayName: string;
	description: string;
	fields: CmsField[];
}

/** Stored by the service for a new estate; the only status value the interface names (section 3). */
export const ASSIGNMENT_ATTEMPT = 'AssignmentAttempt';

const EXPRESSION_HINT = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';

const responsibleAgentField = (required: boolean): INodeProperties =>
	agentField({
		...(required ? { required: true } : {}),
		hint: 'The agent responsible for the property',
	});

const statusField = (required: boolean, cottage: boolean): INodeProperties => ({
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: [
		{
			name: 'Assignment Attempt',
			value: ASSIGNMENT_ATTEMPT,
			description: 'The seller has not signed the assignment yet',
		},
		// The cottage's model (models.md) names its three choices; the condominium's documents one.
		...(cottage
			? [
					{
						name: 'Assignment Accepted',
						value: 'AssignmentAccepted',
						description: 'The seller has signed the assignment',
					},
					{
						name: 'No Assignment',
						value: 'NoAssignment',
						description: 'There is no assignment (any more)',
					},
				]
			: []),
	],
	default: ASSIGNMENT_ATTEMPT,
	...(required ? { required: true } : {}),
	description: cottage
		? 'Stage of the assignment'
		: `Stage of the assignment. The service documents Assignment Attempt only; for another stage your account uses, give its value with an ${EXPRESSION_HINT}.`,
});

const BASE_INFORMATION: CmsGroup = {
	name: 'baseInformation',
	displayName: 'Base Information',
	description: 'Size, property unit and intake source of the property',
	fields: [
		{
			name: 'livingSpace',
			displayName: 'Living Space (m²)',
			wire: 'baseInformation.livingSpace',
			kind: 'amount',
			description: 'Living area in square metres',
		},
		{
			name: 'otherSpace',
			displayName: 'Other Space (m²)',
			wire: 'baseInformation.otherSpace',
			kind: 'amount',
			description: 'Secondary area (storage, garage, attic) in square metres',
		},
		{
			name: 'propertyUnitDesignation',
			displayName: 'Property Unit Designation',
			wire: 'baseInformation.propertyUnitDesignation',
			kind: 'text',
			placeholder: 'Vasastaden 1:23',
			description: 'The land-registry designation of the property',
		},
	],
};

/** A condominium's intake source (assumed shape); the cottage's model has none. */
const ASSIGNMENT_SOURCE: CmsField = {
	name: 'assignmentSourceId',
	displayName: 'Assignment Source ID',
	wire: 'assignmentSourceId',
	kind: 'integer',
	description: 'Where the assignment came from, as the whole number of one of your intake sources',
};

const ADDRESS: CmsGroup = {
	name: 'address',
	displayName: 'Address',
	description: 'Where the property is. Latitude and Longitude go together.',
	fields: [
		{
			name: 'streetAddress',
			displayName: 'Street Address',
			wire: 'baseInformation.address.streetAddress',
			kind: 'text',
			placeholder: 'Sveavägen 12',
			description: 'Street and number',
		},
		{
			name: 'zipCode',
			displayName: 'Zip Code',
			wire: 'baseInformation.address.zipCode',
			kind: 'text',
			placeholder: '113 50',
			description: 'Postal code',
		},
		{
			name: 'city',
			displayName: 'City',
			wire: 'baseInformation.address.city',
			kind: 'text',
			placeholder: 'Stockholm',
			description: 'Postal town',
		},
		{
			name: 'municipality',
			displayName: 'Municipality',
			wire: 'baseInformation.address.municipality',
			kind: 'text',
			placeholder: 'Stockholm',
			description: 'Municipality the property lies in',
		},
		{
			name: 'countryCode',
			displayName: 'Country Code',
			wire: 'baseInformation.address.countryCode',
			kind: 'text',
			placeholder: 'SE',
			description: 'Two-letter country code, e.g. SE',
		},
	],
};

/** Latitude and longitude: the wire spells them `latitud` and `longitud`, inside address.coordinate. */
export const COORDINATE = {
	latitude: { displayName: 'Latitude', wire: 'latitud', min: -90, max: 90 },
	longitude: { displayName: 'Longitude', wire: 'longitud', min: -180, max: 180 },
} as const;

const INTERIOR: CmsGroup = {
	name: 'interior',
	displayName: 'Interior',
	description: 'Rooms and the description of the interior',
	fields: [
		{
			name: 'numberOfRooms',
			displayName: 'Number of Rooms',
			wire: 'interior.numberOfRooms',
			kind: 'amount',
			description: 'Number of rooms, e.g. 3 or 2.5',
		},
		{
			name: 'numberOfBedrooms',
			displayName: 'Number of Bedrooms',
			wire: 'interior.numberOfBedrooms',
			kind: 'amount',
			description: 'Number of bedrooms today',
		},
		{
			name: 'maxNumberOfBedrooms',
			displayName: 'Max Number of Bedrooms',
			wire: 'interior.maxNumberOfBedrooms',
			kind: 'amount',
			description: 'Bedrooms the layout allows at most',
		},
		{
			name: 'description',
			displayName: 'Interior Description',
			wire: 'interior.description',
			kind: 'text',
			rows: 4,
			description: 'Description of the interior as a whole',
		},
	],
};

/** Room descriptions: each one a heading and a text (CmsRoom). */
export const ROOMS_PARAMETER = {
	group: 'interior',
	name: 'rooms',
	item: 'room',
	wire: 'interior.rooms',
} as const;

const PLOT: CmsGroup = {
	name: 'plot',
	displayName: 'Plot',
	description: 'The land the cottage stands on',
	fields: [
		{
			name: 'area',
			displayName: 'Plot Area (m²)',
			wire: 'plot.area',
			kind: 'amount',
			description: 'Area of the plot in square metres',
		},
	],
};

const PRICE: CmsGroup = {
	name: 'price',
	displayName: 'Price',
	description: 'Asking price',
	fields: [
		{
			name: 'startingPrice',
			displayName: 'Starting Price',
			wire: 'price.startingPrice',
			kind: 'amount',
			placeholder: '3950000',
			description: 'Asking price the property is listed at',
		},
	],
};

const DESCRIPTION: CmsGroup = {
	name: 'description',
	displayName: 'Description',
	description: 'Selling texts of the listing',
	fields: [
		{
			name: 'sellingHeading',
			displayName: 'Selling Heading',
			wire: 'description.sellingHeading',
			kind: 'text',
			description: 'Headline of the listing',
		},
		{
			name: 'sellPhrase',
			displayName: 'Sell Phrase',
			wire: 'description.sellPhrase',
			kind: 'text',
			description: 'Short catchphrase of at most 20 characters, e.g. "Bright corner flat"',
		},
		{
			name: 'shortSellingDescription',
			displayName: 'Short Selling Description',
			wire: 'description.shortSellingDescription',
			kind: 'text',
			rows: 3,
			description: 'Summary shown in lists and adverts',
		},
		{
			name: 'longSellingDescription',
			displayName: 'Long Selling Description',
			wire: 'description.longSellingDescription',
			kind: 'text',
			rows: 6,
			description: 'The full selling text',
		},
		{
			name: 'other',
			displayName: 'Other',
			wire: 'description.other',
			kind: 'text',
			rows: 3,
			description: 'Anything else worth knowing',
		},
	],
};

const PARTIES: CmsGroup = {
	name: 'sellersAndInterests',
	displayName: 'Sellers and Interests',
	description: 'Contacts selling the property and contacts interested in it',
	fields: [
		{
			name: 'sellers',
			displayName: 'Seller Contact IDs',
			wire: 'sellers',
			kind: 'ids',
			placeholder: 'C000001, C000002',
			description:
				'Contacts who sell the property: IDs separated by commas, or an expression that returns a list',
		},
		{
			name: 'interests',
			displayName: 'Interested Contact IDs',
			wire: 'interests',
			kind: 'ids',
			placeholder: 'C000010',
			description:
				'Contacts interested in the property: IDs separated by commas, or an expression that returns a list',
		},
	],
};

/** The groups of a condominium or a cottage (withPlot), in the order they are shown. */
export function cmsGroups(withPlot: boolean): CmsGroup[] {
	const base = withPlot
		? BASE_INFORMATION
		: { ...BASE_INFORMATION, fields: [...BASE_INFORMATION.fields, ASSIGNMENT_SOURCE] };
	return [base, ADDRESS, INTERIOR, ...(withPlot ? [PLOT] : []), PRICE, DESCRIPTION, PARTIES];
}

const byDisplayName = (fields: INodeProperties[]) =>
	[...fields].sort((a, b) => a.displayName.localeCompare(b.displayName));

function parameterOf(field: CmsField): INodeProperties {
	const common = {
		displayName: field.displayName,
		name: field.name,
		description: field.description,
		...(field.placeholder ? { placeholder: field.placeholder } : {}),
	};
	if (field.kind === 'amount')
		return { ...common, type: 'number', typeOptions: { minValue: 0 }, default: 0 };
	if (field.kind === 'integer')
		return { ...common, type: 'number', typeOptions: { numberPrecision: 0 }, default: 0 };
	if (field.kind === 'boolean') return { ...common, type: 'boolean', default: false };
	return {
		...common,
		type: 'string',
		default: '',
		...(field.rows ? { typeOptions: { rows: field.rows } } : {}),
	};
}

const coordinateParameters: INodeProperties[] = (Object.keys(COORDINATE) as CoordinateAxis[]).map(
	(axis) => coordinateParameter(axis, axis, '; give Latitude and Longitude together'),
);

const roomsParameter: INodeProperties = {
	displayName: 'Room Descriptions',
	name: ROOMS_PARAMETER.name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	default: {},
	placeholder: 'Add Room',
	description:
		'One heading and text per room. On an update they replace the room descriptions stored before.',
	options: [
		{
			displayName: 'Room',
			name: ROOMS_PARAMETER.item,
			values: [
				{
					displayName: 'Heading',
					name: 'heading',
					type: 'string',
					default: '',
					placeholder: 'Kitchen',
				},
				{
					displayName: 'Text',
					name: 'text',
					type: 'string',
					typeOptions: { rows: 3 },
					default: '',
					placeholder: 'Renovated 2021, dining area for six',
				},
			],
		},
	],
};

function groupParameter(group: CmsGroup, mode: CmsMode, withPlot: boolean): INodeProperties {
	const options = group.fields.map(parameterOf);
	if (group === ADDRESS) options.push(...coordinateParameters);
	if (group === INTERIOR) options.push(roomsParameter);
	// On update the agent and status are optional changes, so they join Base Information.
	if (group.name === BASE_INFORMATION.name && mode === 'update')
		options.push(responsibleAgentField(false), statusField(false, withPlot));
	const listNote =
		group === PARTIES && mode === 'update' ? ' A list given here replaces the stored one.' : '';
	return {
		displayName: group.displayName,
		name: group.name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: `${group.description}.${listNote}`,
		options: byDisplayName(options),
	};
}

/**
 * The node fields of a condominium or cottage operation. Create: the agent and the status on
 * top (the service requires the agent and base information of a new record). Update: only
 * groups; what is left out keeps its stored value.
 */
export function cmsFields(mode: CmsMode, withPlot: boolean): INodeProperties[] {
	const top = mode === 'create' ? [responsibleAgentField(true), statusField(true, withPlot)] : [];
	return [...top, ...cmsGroups(withPlot).map((group) => groupParameter(group, mode, withPlot))];
}
