import type { INodeProperties } from 'n8n-workflow';

import {
	codeWords,
	DEFAULT_LARGEST_PICTURE_MB,
	ESTATE_STATUSES,
	ESTATE_TYPES,
	LISTING_PARAMETERS,
	type ListingKind,
	LISTINGS,
	PROJECT_STATUSES,
	SIMPLIFY_KEEPS,
	TYPE_DETAILS,
} from '../listings';
import type { CallsStep, OperationRequest } from '../engine';
import { recordPicker } from '../pickers';
import { filtersField, optionsField, returnAllFields } from './fields';
import { defineOperation, type OperationDefinition, type OperationDescription } from './operation';

const choices = (codes: readonly string[]) =>
	codes.map((code) => ({ name: codeWords(code), value: code }));

/** The estate statuses the listing filters offer, as choices in the order of their names. */
export const estateStatusChoices = () =>
	choices(ESTATE_STATUSES).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** Each kind's picker: its display name, its search and what an id of it looks like. */
const PICKERS: Record<
	ListingKind,
	{ displayName: string; search: string; placeholder: string; description: string }
> = {
	estate: {
		displayName: 'Estate',
		search: 'searchPublishedEstates',
		placeholder: 'OBJ31529_2041198534',
		description: 'The published estate to read (its ID starts with OBJ)',
	},
	agent: {
		displayName: 'Agent',
		search: 'searchListedAgents',
		placeholder: 'HAN99DA69AB26B54D82B499E19CD3F5F340',
		description:
			"The agent to read: a user the office shows on its website (the user's ID starts with HAN)",
	},
	office: {
		displayName: 'Office',
		search: 'searchListedOffices',
		placeholder: 'FIR31529',
		description:
			'The office to read, by its own office ID (FIR…), not its customer ID (M…, which goes in Customer ID)',
	},
	area: {
		displayName: 'Published Area',
		search: 'searchPublishedAreas',
		placeholder: 'SOM384562414DA2468284C236FE507E55BD',
		description: 'The published area (a neighbourhood with its map outline) to read',
	},
	project: {
		displayName: 'Project',
		search: 'searchPublishedProjects',
		placeholder: 'OBJ31529_1234567890',
		description: 'The published new-build project to read',
	},
};

/** The record a Get reads: picked from the kind's list (searched by name), or by ID. */
export function listingIdField(kind: ListingKind): INodeProperties {
	const picker = PICKERS[kind];
	return recordPicker({
		displayName: picker.displayName,
		name: LISTINGS[kind].idName,
		description: picker.description,
		searchListMethod: picker.search,
		placeholder: picker.placeholder,
	});
}

/** Estate › Get's and Project › Get's Include: what the service fills in `extensions`. */
export function includeField(kind: 'estate' | 'project'): INodeProperties {
	const agents = [
		{
			name: 'Primary Agent',
			value: 'primaryAgent',
			description: "The responsible agent's whole record, in extensions.primaryAgent",
		},
		{
			name: 'Secondary Agent',
			value: 'secondaryAgent',
			description:
				"The second agent's whole record, in extensions.secondaryAgent (none when the estate has none)",
		},
	];
	const description =
		kind === 'estate'
			? "What the service adds to the estate in extensions. Without Type Details it still fills the estate's own type."
			: 'What the service adds to the project in extensions';
	if (kind === 'project')
		return {
			displayName: 'Include',
			name: LISTING_PARAMETERS.include,
			type: 'multiOptions',
			options: agents,
			default: [],
			description,
		};
	return {
		displayName: 'Include',
		name: LISTING_PARAMETERS.include,
		type: 'multiOptions',
		options: [
			...agents,
			{
				name: 'Type Details',
				value: TYPE_DETAILS,
				description:
					"The details of the estate's type (housing cooperative, condominium, farm …), in extensions",
			},
		],
		// TYPE_DETAILS, written out: n8n's lint reads the default as written.
		default: ['typeDetails'],
		description,
	};
}

/** Simplify, on by default; its description says what it keeps. */
export function listingSimplifyField(
	keeps: string,
	shownFor?: { returnFullRecords: boolean[] },
): INodeProperties {
	return {
		displayName: 'Simplify',
		name: LISTING_PARAMETERS.simplify,
		type: 'boolean',
		default: true,
		description: `Whether to return a simplified version of the response instead of the raw data: ${keeps}`,
		...(shownFor ? { displayOptions: { show: shownFor } } : {}),
	};
}

/** Get Many's Return Full Records: the list gives ids and times only. */
export function returnFullRecordsOf(kind: ListingKind): INodeProperties {
	return {
		displayName: 'Return Full Records',
		name: LISTING_PARAMETERS.returnFullRecords,
		type: 'boolean',
		default: true,
		description: `Whether to read each ${LISTINGS[kind].noun}'s whole record (one call each, as many at once as the credential's Requests in Flight) instead of only its ID and change time`,
	};
}

/** Get Many's Filters: change times in the workflow's zone, and the kind's status and type. */
export function listingFiltersField(kind: ListingKind): INodeProperties {
	const noun = LISTINGS[kind].noun;
	const options: INodeProperties[] = [
		{
			displayName: 'Changed Since',
			name: 'changedSince',
			type: 'dateTime',
			default: '',
			description: `Only ${noun}s changed from this time on (in the workflow's time zone unless it has an offset); whether a change at exactly this time is included is not known`,
		},
		{
			displayName: 'Changed Until',
			name: 'changedUntil',
			type: 'dateTime',
			default: '',
			description: `Only ${noun}s changed up to this time (in the workflow's time zone unless it has an offset); whether a change at exactly this time is included is not known, and this filter rests on the service's description alone`,
		},
	];
	if (kind === 'project')
		options.push({
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: choices(PROJECT_STATUSES),
			default: 'Running',
			description:
				"Only published projects of this status (as the service's description has it; not checked by a call)",
		});
	else if (LISTINGS[kind].filters.includes('status'))
		options.push({
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: choices(ESTATE_STATUSES),
			default: 'ForSale',
			description: `Only ${noun}s of this status (as the service's description has it; not checked by a call)`,
		});
	if (LISTINGS[kind].filters.includes('type'))
		options.push({
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: choices(ESTATE_TYPES),
			default: 'House',
			description:
				"Only estates of this type (as the service's description has it; not checked by a call)",
		});
	return filtersField(options);
}

/** Options › Pictures, Largest Picture Size, Put Pictures in Field: a record's pictures as binary data. */
export function pictureOptionsField(
	kind: 'estate' | 'agent',
	shownFor?: { returnFullRecords: boolean[] },
): INodeProperties {
	const field = optionsField([
		{
			displayName: 'Pictures',
			name: LISTING_PARAMETERS.pictures,
			type: 'options',
			options: [
				{ name: 'None', value: 'none' },
				{
					name: 'Main Picture',
					value: 'main',
					description:
						kind === 'estate'
							? "The estate's first picture, in the field named by Put Pictures in Field"
							: "The agent's portrait, in the field named by Put Pictures in Field",
				},
				{
					name: 'All Pictures',
					value: 'all',
					description: 'Every picture, in fields named by Put Pictures in Field and _0, _1 …',
				},
			],
			default: 'none',
			description:
				'Which pictures to add to the item as binary data (each read whole, as the service stores it)',
		},
		{
			displayName: 'Largest Picture Size (MB)',
			name: LISTING_PARAMETERS.largestPicture,
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 1024 },
			// DEFAULT_LARGEST_PICTURE_MB, written out: n8n's lint reads the default as written.
			default: 25,
			description: `A larger picture is not read and fails the item, saying which (${DEFAULT_LARGEST_PICTURE_MB} MB by default)`,
		},
		{
			displayName: 'Put Pictures in Field',
			name: LISTING_PARAMETERS.pictureField,
			type: 'string',
			default: 'data',
			description:
				'The binary field of the main picture; all pictures go in this name with _0, _1 …',
		},
	]);
	return shownFor ? { ...field, displayOptions: { show: shownFor } } : field;
}

/** What a listing's Get or Get Many says of itself; its fields follow from its kind. */
export interface ListingOperationText {
	resource: string;
	action: string;
	description: string;
	/** The step that reads the records (steps/listingReads.ts `listingGet`, `listingGetAll`). */
	pagination: CallsStep;
}

const hasInclude = (kind: ListingKind): kind is 'estate' | 'project' =>
	LISTINGS[kind].extend.length > 0;
const hasPictures = (kind: ListingKind): kind is 'estate' | 'agent' => LISTINGS[kind].pictures;

/** A listing read as an operation: a GET whose calls its pagination step makes. */
function listingRead(
	{ resource, action, description, pagination }: ListingOperationText,
	read: Pick<OperationDefinition, 'value' | 'name' | 'fields'> &
		Pick<OperationRequest, 'path' | 'pathLabels'>,
): OperationDescription {
	const { value, name, fields, path, pathLabels } = read;
	return defineOperation({
		resource,
		value,
		name,
		action,
		description,
		request: { method: 'GET', path, ...(pathLabels ? { pathLabels } : {}), pagination },
		fields,
	});
}

/**
 * A listing kind's Get: the record picked or given by ID, then, as the kind has them, Include,
 * Simplify and Options › Pictures.
 */
export function listingGetOperation(
	kind: ListingKind,
	text: ListingOperationText,
): OperationDescription {
	const keeps = SIMPLIFY_KEEPS[kind];
	return listingRead(text, {
		value: 'get',
		name: 'Get',
		path: LISTINGS[kind].record,
		pathLabels: { [LISTINGS[kind].idName]: PICKERS[kind].displayName },
		fields: [
			listingIdField(kind),
			...(hasInclude(kind) ? [includeField(kind)] : []),
			...(keeps ? [listingSimplifyField(keeps)] : []),
			...(hasPictures(kind) ? [pictureOptionsField(kind)] : []),
		],
	});
}

/**
 * A listing kind's Get Many: Return All and Limit, Return Full Records, then, as the kind has
 * them and shown with whole records only (a list row is an ID and a change time), Include and
 * Simplify; the kind's Filters; its Options › Pictures with whole records.
 */
export function listingGetManyOperation(
	kind: ListingKind,
	text: ListingOperationText,
): OperationDescription {
	const whole = { show: { returnFullRecords: [true] } };
	const keeps = SIMPLIFY_KEEPS[kind];
	return listingRead(text, {
		value: 'getAll',
		name: 'Get Many',
		path: LISTINGS[kind].list,
		fields: [
			...returnAllFields(),
			returnFullRecordsOf(kind),
			...(hasInclude(kind) ? [{ ...includeField(kind), displayOptions: whole }] : []),
			...(keeps ? [listingSimplifyField(keeps, whole.show)] : []),
			listingFiltersField(kind),
			...(hasPictures(kind) ? [pictureOptionsField(kind, whole.show)] : []),
		],
	});
}
