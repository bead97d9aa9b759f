import { modelBodySchema } from '../http/models';
import { S } from '../http/validation';
import type { EstateStatus } from '../store/types';

/**
 * JSON schemas of CmsCondominium (interface.md 2.1) and CmsCottage (records.md: the same with
 * plot). Section 2.1 gives types only; the bounds below (no negative areas, rooms or prices,
 * coordinates on the globe, status from the sandbox's estate states) are assumed.
 */

/** Section 3 names only AssignmentAttempt; the sandbox's other estate states are accepted too. */
export const CMS_STATUSES: EstateStatus[] = ['AssignmentAttempt', 'ForSale', 'Sold', 'Withdrawn'];

const AMOUNT = { type: 'number', minimum: 0 };

const ADDRESS = S.object({
	municipality: S.string,
	coordinate: S.object(
		{
			longitud: { type: 'number', minimum: -180, maximum: 180 },
			latitud: { type: 'number', minimum: -90, maximum: 90 },
		},
		['longitud', 'latitud'],
	),
	streetAddress: S.string,
	zipCode: S.string,
	city: S.string,
	countryCode: S.string,
});

const BASE_INFORMATION = S.object({
	livingSpace: AMOUNT,
	otherSpace: AMOUNT,
	propertyUnitDesignation: S.string,
	status: { type: 'string', enum: CMS_STATUSES },
	address: ADDRESS,
});

const INTERIOR = S.object({
	numberOfRooms: AMOUNT,
	numberOfBedrooms: AMOUNT,
	maxNumberOfBedrooms: AMOUNT,
	description: S.string,
	rooms: { type: 'array', items: S.object({ heading: S.string, text: S.string }) },
});

const DESCRIPTION = S.object({
	sellPhrase: S.string,
	sellingHeading: S.string,
	shortSellingDescription: S.string,
	longSellingDescription: S.string,
	other: S.string,
});

const CONDOMINIUM_FIELDS = {
	baseInformation: BASE_INFORMATION,
	interior: INTERIOR,
	price: S.object({ startingPrice: AMOUNT }),
	sellers: S.stringList,
	interests: S.stringList,
	description: DESCRIPTION,
	userId: S.nonEmpty,
	assignmentSourceId: S.int32,
};

/** CmsCottage is the model of docs/spec/models.json (POST and PUT read the same), with the same bounds. */
const cottage = (method: string, path: string, required: string[]) =>
	modelBodySchema(method, path, {
		required,
		properties: {
			userId: { minLength: 1 },
			price: S.object({ startingPrice: AMOUNT }),
			plot: S.object({ area: AMOUNT }),
		},
	});

/** The cottage's status choices (models.md) as the sandbox's estate states. */
export const COTTAGE_STATUSES: Record<string, EstateStatus> = {
	AssignmentAttempt: 'AssignmentAttempt',
	AssignmentAccepted: 'ForSale',
	NoAssignment: 'Withdrawn',
};

/** Fields required when a record is created (2.1); an update may send any part. */
const CREATE_REQUIRED = ['baseInformation', 'userId'];

export const CMS_SCHEMAS = {
	Condominium: {
		create: S.object(CONDOMINIUM_FIELDS, CREATE_REQUIRED),
		update: S.object(CONDOMINIUM_FIELDS),
	},
	Cottage: {
		create: cottage('POST', '/Cottage/{customerId}', CREATE_REQUIRED),
		update: cottage('PUT', '/Cottage/{customerId}/{id}', []),
	},
} as const;

export type CmsKind = keyof typeof CMS_SCHEMAS;

interface SchemaNode {
	type?: string;
	properties?: Record<string, SchemaNode>;
	items?: SchemaNode;
}

/** Keeps only the fields a schema names (recursively), so the stored CMS record has no stray keys. */
export function pruneToSchema(value: unknown, node: unknown): unknown {
	const schema = node as SchemaNode;
	if (Array.isArray(value))
		return schema.items ? value.map((item) => pruneToSchema(item, schema.items!)) : value;
	if (value && typeof value === 'object' && schema.properties) {
		const out: Record<string, unknown> = {};
		for (const [name, inner] of Object.entries(schema.properties)) {
			const field = (value as Record<string, unknown>)[name];
			if (field !== undefined) out[name] = pruneToSchema(field, inner);
		}
		return out;
	}
	return value;
}
