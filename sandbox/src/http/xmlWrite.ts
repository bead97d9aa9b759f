/** Root and item element names used when a value is sent as XML. */
export interface XmlNames {
	root: string;
	item?: string;
}

/**
 * The sandbox's own XML form, written from interface.md (it shares no code with nodes/, so a
 * mistake in the nodes' codec cannot pass for the service's behaviour):
 * - field names are the JSON names in PascalCase (2.1; models.md: "the same names in PascalCase");
 * - lists are element collections whose items are named by their type: `string` for lists
 *   of text (sellers, interests), `CmsRoom` for rooms (2.1), the record type of models.md for
 *   the other lists of records (ITEM_TYPES).
 * The spec is silent on roots, null and empty values: the sandbox follows the .NET data-contract
 * serializer the service's Swagger names come from (ArrayOf<Type> roots, i:nil="true" for null).
 */

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Item type of each list of records (models.md's definitions; interface.md 2.1 names CmsRoom). */
const ITEM_TYPES: Record<string, string> = {
	rooms: 'CmsRoom',
	drawnAreas: 'Polygon',
	coordinates: 'Coordinate',
	polygon: 'Coordinate',
	polygonWGS84: 'Coordinate',
	persons: 'CrmContactReference',
	companies: 'CrmContactReference',
	deceasedEstates: 'CrmContactReference',
	incomingLeads: 'IncomingLead',
	outgoingLeads: 'OutgoingLead',
	tips: 'SentTip',
	categories: 'Category',
	companyCategories: 'Category',
	personCategories: 'Category',
	estates: 'EstateSaleReport',
	estateSaleReports: 'EstateSaleReport',
	officeSaleReports: 'OfficeYearlyReport',
	houses: 'EstateReference',
	housingCooperatives: 'EstateReference',
	cottages: 'EstateReference',
	plots: 'EstateReference',
	farms: 'EstateReference',
	condominiums: 'EstateReference',
	commercialProperties: 'EstateReference',
	foreignProperties: 'EstateReference',
	agents: 'SaleReportEstateAgent',
	increasedRequirements: 'IncreasedRequirement',
	months: 'OfficeMonthReport',
	years: 'OfficeYearReport',
	speculatorOn: 'CrmSpeculatorRelation',
	documents: 'Document',
	cdnReferences: 'CdnImageReference',
};

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function escapeText(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/\r/g, '&#xD;');
}

/** Element name of one item of a list: by the type of its values (records by ITEM_TYPES). */
function itemName(fieldName: string, items: unknown[]): string {
	const first = items.find((item) => item !== null && item !== undefined);
	if (typeof first === 'string') return 'string';
	if (typeof first === 'boolean') return 'boolean';
	if (typeof first === 'number')
		return items.every((item) => Number.isInteger(item)) ? 'int' : 'decimal';
	if (Array.isArray(first)) return `ArrayOf${itemName(fieldName, first)}`;
	// A list of records the spec gives no type for: the singular of the field, as a type name.
	return ITEM_TYPES[fieldName] ?? pascal(fieldName.replace(/ies$/, 'y').replace(/s$/, ''));
}

function element(name: string, value: unknown, fieldName: string, rootAttributes = ''): string {
	if (value === null || (typeof value === 'number' && !Number.isFinite(value)))
		return `<${name}${rootAttributes} i:nil="true"/>`;
	if (Array.isArray(value)) {
		if (value.length === 0) return `<${name}${rootAttributes}/>`;
		const item = itemName(fieldName, value);
		return `<${name}${rootAttributes}>${value.map((entry) => element(item, entry, fieldName)).join('')}</${name}>`;
	}
	if (typeof value === 'object') {
		const fields = Object.entries(value as Record<string, unknown>).filter(
			([, field]) => field !== undefined,
		);
		return `<${name}${rootAttributes}>${fields.map(([key, field]) => element(pascal(key), field, key)).join('')}</${name}>`;
	}
	return `<${name}${rootAttributes}>${escapeText(String(value))}</${name}>`;
}

/** A camelCase JSON answer as the service's XML: root named by `names`, items of a root list by `names.item`. */
export function toXml(value: unknown, names: XmlNames): string {
	const scalar = value !== null && typeof value !== 'object';
	const attributes = scalar ? '' : ` xmlns:i="${XSI}"`;
	if (Array.isArray(value) && value.length > 0) {
		const item = names.item ?? names.root.replace(/^ArrayOf/, '');
		return `<${names.root}${attributes}>${value.map((entry) => element(item, entry, '')).join('')}</${names.root}>`;
	}
	return element(names.root, value, '', attributes);
}
