import type {
	IBinaryKeyData,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkDateRange } from '../dates';
import {
	DEFAULT_LARGEST_PICTURE_MB,
	ESTATE_STATUSES,
	ESTATE_TYPES,
	PROJECT_STATUSES,
	type ImageReference,
	imageReferences,
	type ListingFilters,
	type ListingKind,
	LISTING_PARAMETERS,
	LISTINGS,
	type PictureChoice,
	pictureFile,
	readListingRecord,
	readListingRows,
	readListings,
	readOfficeGroups,
	readPicture,
	simplifiedListing,
	simplifiesListing,
	TYPE_DETAILS,
} from '../listings';
import { inputError, isBlank, oneOf, pickedValue, wholeNumber } from '../rules';
import { callsItself, type CallsStep } from '../engine';
import { failedItem } from '../items';
import { BrokerApiError, FAILURE_MESSAGES, toNodeError } from '../failures';

type Context = IExecutePaginationFunctions;

/** The `extend` names of Include: Type Details stands for every type's details. */
function extendOf(context: Context, kind: ListingKind): string[] {
	const chosen = context.getNodeParameter(LISTING_PARAMETERS.include, []) as unknown;
	const names = (Array.isArray(chosen) ? chosen : isBlank(chosen) ? [] : [chosen]).map(String);
	const extend = names.flatMap((name) =>
		name === TYPE_DETAILS
			? LISTINGS[kind].extend.filter((value) => !value.endsWith('Agent'))
			: [name],
	);
	const unknown = extend.filter((name) => !LISTINGS[kind].extend.includes(name));
	if (unknown.length > 0)
		throw inputError(
			context.getNode(),
			`Include has a value the service does not know: ${unknown.join(', ')}`,
			`Choose from ${[TYPE_DETAILS, ...LISTINGS[kind].extend.filter((value) => value.endsWith('Agent'))].join(', ')}.`,
			context.getItemIndex(),
		);
	return [...new Set(extend)];
}

interface PictureOptions {
	choice: PictureChoice;
	maxMegabytes: number;
	field: string;
}

/** Options › Pictures, Largest Picture Size and Put Pictures in Field, checked before any call. */
function pictureOptions(context: Context): PictureOptions {
	const options = context.getNodeParameter(LISTING_PARAMETERS.options, {}) as IDataObject;
	const node = context.getNode();
	const itemIndex = context.getItemIndex();
	const choice = isBlank(options.pictures) ? 'none' : String(options.pictures);
	if (!['none', 'main', 'all'].includes(choice))
		throw inputError(
			node,
			`Pictures must be none, main or all; got "${choice}"`,
			undefined,
			itemIndex,
		);
	const maxMegabytes = isBlank(options.largestPictureSize)
		? DEFAULT_LARGEST_PICTURE_MB
		: wholeNumber(
				node,
				options.largestPictureSize,
				'Largest Picture Size (MB)',
				{ min: 1, max: 1024 },
				itemIndex,
			);
	const field = isBlank(options.pictureField) ? 'data' : String(options.pictureField).trim();
	if (!/^[A-Za-z_][\w-]*$/.test(field))
		throw inputError(
			node,
			'Put Pictures in Field must be a field name of letters, digits, _ or -',
			`Got "${field}".`,
			itemIndex,
		);
	return { choice: choice as PictureChoice, maxMegabytes, field };
}

/** The binary data of a record's pictures: the main one in `field`, all as `field_0`, `field_1` … */
async function picturesOf(
	context: Context,
	kind: ListingKind,
	record: IDataObject,
	pictures: PictureOptions,
): Promise<IBinaryKeyData | undefined> {
	const references = imageReferences(record, pictures.choice);
	if (references.length === 0) return undefined;
	const read = async (reference: ImageReference) => {
		try {
			return await readPicture(context, reference, pictures.maxMegabytes);
		} catch (error) {
			if (error instanceof BrokerApiError && error.message.startsWith(FAILURE_MESSAGES.tooLarge))
				throw new NodeOperationError(
					context.getNode(),
					`The picture ${reference.id} of ${LISTINGS[kind].noun} ${String(record.id)} is larger than Largest Picture Size (${pictures.maxMegabytes} MB); it was not read`,
					{
						description:
							'Raise Options › Largest Picture Size (MB), or choose Main Picture instead of All Pictures.',
						itemIndex: context.getItemIndex(),
					},
				);
			throw toNodeError(context.getNode(), error, context.getItemIndex());
		}
	};
	const files = await Promise.all(references.map(read));
	const binary: IBinaryKeyData = {};
	for (const [index, file] of files.entries()) {
		const { fileName, mimeType } = pictureFile(references[index]);
		const key = pictures.choice === 'main' ? pictures.field : `${pictures.field}_${index}`;
		binary[key] = await context.helpers.prepareBinaryData(file.bytes, fileName, mimeType);
	}
	return binary;
}

/** Simplify is on, for a kind with a simplified form: read once for all of an item's records. */
function simplifyOf(context: Context, kind: ListingKind): boolean {
	return (
		simplifiesListing(kind) && context.getNodeParameter(LISTING_PARAMETERS.simplify, true) === true
	);
}

/** A record as the item shows it: simplified when Simplify is on, with its pictures when asked. */
async function itemOf(
	context: Context,
	kind: ListingKind,
	record: IDataObject,
	simplify: boolean,
	pictures: PictureOptions | undefined,
): Promise<INodeExecutionData> {
	const simplified = simplify ? simplifiedListing(kind, record) : record;
	const binary =
		pictures && pictures.choice !== 'none'
			? await picturesOf(context, kind, record, pictures)
			: undefined;
	return {
		json: simplified,
		...(binary ? { binary } : {}),
		pairedItem: { item: context.getItemIndex() },
	};
}

/**
 * Get of a listed record (the operation's `pagination` hook; its path and id field are the
 * kind's, listings/kinds.ts): one call, `extend` from Include, the pictures asked for.
 */
export function listingGet(kind: ListingKind): CallsStep {
	return callsItself(async function (this: Context) {
		try {
			const id = pickedValue(this.getNodeParameter(LISTINGS[kind].idName, ''));
			const extend = LISTINGS[kind].extend.length > 0 ? extendOf(this, kind) : [];
			const pictures = LISTINGS[kind].pictures ? pictureOptions(this) : undefined;
			const record = await readListingRecord(this, kind, id, { extend });
			return [await itemOf(this, kind, record, simplifyOf(this, kind), pictures)];
		} catch (error) {
			return failedItem(this, error, this.getItemIndex());
		}
	});
}

/** Filters › Changed Since / Until (the workflow's zone, sent as UTC), Status and Type, checked before any call. */
function filtersOf(context: Context, kind: ListingKind): ListingFilters {
	const given = context.getNodeParameter(LISTING_PARAMETERS.filters, {}) as IDataObject;
	const { from, to } = checkDateRange(
		context,
		{
			from: given.changedSince,
			to: given.changedUntil,
			fromField: 'Changed Since',
			toField: 'Changed Until',
			limit: 'none',
		},
		context.getItemIndex(),
	);
	const filters: ListingFilters = {};
	if (from) filters.changedSince = from;
	if (to) filters.changedUntil = to;
	const allowed = {
		status: kind === 'project' ? PROJECT_STATUSES : ESTATE_STATUSES,
		type: ESTATE_TYPES,
	};
	const labels = { status: 'Status', type: 'Type' };
	for (const name of LISTINGS[kind].filters)
		if (!isBlank(given[name]))
			filters[name] = oneOf(
				context.getNode(),
				given[name],
				labels[name],
				allowed[name],
				context.getItemIndex(),
			);
	return filters;
}

/** Return All, or Limit (1 or more). */
function limitOf(context: Context): number {
	if (context.getNodeParameter('returnAll', false) === true) return Infinity;
	return wholeNumber(
		context.getNode(),
		context.getNodeParameter('limit', 50),
		'Limit',
		{ min: 1 },
		context.getItemIndex(),
	);
}

/**
 * Get Many of a listed kind (the operation's `pagination` hook): the list's pages from 0 until
 * the last (or Limit's rows), one item per row; with Return Full Records each row's record read
 * by id, as many in flight as the account allows, in the list's order. A row whose record is
 * gone by the time it is read (404) keeps its row and says so in `fullRecordError`.
 */
export function listingGetAll(kind: ListingKind): CallsStep {
	return callsItself(async function (this: Context) {
		try {
			const filters = filtersOf(this, kind);
			const limit = limitOf(this);
			const whole = this.getNodeParameter(LISTING_PARAMETERS.returnFullRecords, true) === true;
			const pictures = LISTINGS[kind].pictures && whole ? pictureOptions(this) : undefined;
			const extend = whole && LISTINGS[kind].extend.length > 0 ? extendOf(this, kind) : [];
			const rows = await readListingRows(this, kind, { filters, limit });
			const pairedItem = { item: this.getItemIndex() };
			if (!whole) return rows.map((json) => ({ json, pairedItem }));
			const reads = await readListings(
				this,
				kind,
				rows.map((row) => row.id),
				{ extend },
			);
			// Read at the first record, as a read per record would first read it.
			let simplify: boolean | undefined;
			const items: INodeExecutionData[] = [];
			for (const [index, read] of reads.entries()) {
				if (read.status === 'read') {
					simplify ??= simplifyOf(this, kind);
					items.push(await itemOf(this, kind, read.record, simplify, pictures));
					continue;
				}
				items.push({
					json: {
						...rows[index],
						fullRecordError: `The service no longer has this ${LISTINGS[kind].noun} (404 when read after it was listed)`,
					},
					pairedItem,
				});
			}
			return items;
		} catch (error) {
			return failedItem(this, error, this.getItemIndex());
		}
	});
}

/** Get Many of office groups: one item per group; none when the service has none (404). */
export const officeGroupsGetAll: CallsStep = callsItself(async function (this: Context) {
	try {
		const groups = await readOfficeGroups(this);
		const limit = limitOf(this);
		return groups
			.slice(0, limit)
			.map((json) => ({ json, pairedItem: { item: this.getItemIndex() } }));
	} catch (error) {
		return failedItem(this, error, this.getItemIndex());
	}
});
