import type { IDataObject } from 'n8n-workflow';

import type { ListingKind } from './kinds';

/** The value at a dotted path of a record (`address.zipCode.value`, `buildings.0.area.living`), or undefined. */
function at(record: IDataObject, path: string): unknown {
	let value: unknown = record;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

/** The fields kept, each from its path in the record; a field the record leaves empty is left out. */
function kept(record: IDataObject, paths: Record<string, string>): IDataObject {
	const simplified: IDataObject = {};
	for (const [name, path] of Object.entries(paths)) {
		const value = at(record, path);
		if (value !== undefined && value !== null && value !== '')
			simplified[name] = value as IDataObject;
	}
	return simplified;
}

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** Where each simplified field comes from in the record, per kind (records of more than ten fields). */
const SIMPLIFIED: Partial<Record<ListingKind, Record<string, string>>> = {
	estate: {
		id: 'id',
		referenceId: 'referenceId',
		status: 'status.id',
		type: 'type.id',
		subtype: 'subtype.id',
		tenure: 'tenure.id',
		streetAddress: 'address.streetAddress',
		zipCode: 'address.zipCode.value',
		postalTown: 'address.postalTown',
		area: 'address.area.name',
		municipality: 'address.municipality',
		latitude: 'address.wgs84Coordinate.latitude',
		longitude: 'address.wgs84Coordinate.longitude',
		startingPrice: 'price.startingPrice',
		finalPrice: 'price.finalPrice',
		priceText: 'price.text',
		currency: 'currency',
		recurringFee: 'fees.recurring.value',
		recurringFeeFrequency: 'fees.recurring.frequency',
		livingArea: 'buildings.0.area.living',
		numberOfRooms: 'buildings.0.numberOfRooms',
		yearBuilt: 'buildings.0.yearBuilt.numeric',
		heading: 'sale.heading',
		shortDescription: 'sale.shortDescription',
		primaryAgentId: 'primaryAgentId',
		secondaryAgentId: 'secondaryAgentId',
		officeId: 'office.id',
		customerId: 'office.customerId',
		projectId: 'projectId',
		isPublished: 'marketing.isPublished',
		publishedAt: 'marketing.publishedAt',
		mainImageId: 'images.0.id',
		changedAt: 'changedAt',
	},
	agent: {
		id: 'id',
		name: 'name',
		title: 'title',
		emailAddress: 'emailAddress',
		cellPhone: 'telephone.cell.display',
		publicPhone: 'telephone.public.display',
		officeId: 'offices.0.id',
		customerId: 'offices.0.customerId',
		isVisibleInStaffList: 'isVisibleInStaffList',
		imageId: 'image.id',
		changedAt: 'changedAt',
	},
	office: {
		id: 'id',
		customerId: 'customerId',
		name: 'name',
		streetAddress: 'streetAddress',
		zipCode: 'zipCode.value',
		postalTown: 'postalTown',
		switchboardPhone: 'telephone.switch.display',
		emailAddress: 'emailAddress',
		latitude: 'coordinate.latitude',
		longitude: 'coordinate.longitude',
		brandId: 'brandId',
		changedAt: 'changedAt',
	},
	project: {
		id: 'id',
		name: 'name',
		status: 'status.id',
		streetAddress: 'address.streetAddress',
		postalTown: 'address.postalTown',
		area: 'address.area.name',
		lowestPrice: 'estates.price.minValue',
		highestPrice: 'estates.price.maxValue',
		currency: 'currency',
		heading: 'sale.heading',
		salesStartAt: 'sale.startsAt',
		primaryAgentId: 'primaryAgentId',
		secondaryAgentId: 'secondaryAgentId',
		officeId: 'office.id',
		customerId: 'office.customerId',
		publishedAt: 'marketing.publishedAt',
		mainImageId: 'images.0.id',
		changedAt: 'changedAt',
	},
};

/** What Simplify keeps, in the words of its field's description. */
export const SIMPLIFY_KEEPS: Readonly<Partial<Record<ListingKind, string>>> = {
	estate:
		'ID, object number, status, type, address and coordinates, prices and fee, living area, rooms, year built, heading, agents, office, project, publishing, main picture and number of pictures, change time',
	agent:
		'ID, name, title, email, phones, first office, whether shown in the staff list, portrait ID and number of offices, change time',
	office:
		'office ID, customer ID, name, address, switchboard phone, email, coordinates, brand, change time',
	project:
		'ID, name, status, address, price range, heading, sales start, agents, office, publishing, main picture and number of pictures, change time',
};

/** The kinds whose records Simplify shortens. */
export function simplifiesListing(kind: ListingKind): boolean {
	return SIMPLIFIED[kind] !== undefined;
}

/**
 * A listed record in the fields people use (SIMPLIFY_KEEPS), its times as read (with their
 * offset); the whole record is Simplify switched off.
 */
export function simplifiedListing(kind: ListingKind, record: IDataObject): IDataObject {
	const paths = SIMPLIFIED[kind];
	if (!paths) return record;
	const simplified = kept(record, paths);
	if (kind === 'estate' || kind === 'project') simplified.numberOfImages = count(record.images);
	if (kind === 'agent') simplified.numberOfOffices = count(record.offices);
	if (record.timeReadError !== undefined) simplified.timeReadError = record.timeReadError;
	return simplified;
}
