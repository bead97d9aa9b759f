/**
 * Naming and typing rules of the service's XML form (interface.md 2.1): field names are the
 * camelCase JSON names in PascalCase, lists are element collections. XML carries no types, so
 * the few rules below decide what a list is and which text stays a string.
 */

/** Item element names of lists whose items are records (the rest use the singular of the field). */
const RECORD_ITEM_NAMES: Record<string, string> = {
	rooms: 'CmsRoom',
	drawnAreas: 'Polygon',
	coordinates: 'Coordinate',
	// An application's marketing record (models-2026.json: Advertising_FormMarketingUtmTags).
	utmTags: 'FormMarketingUtmTags',
};

/** Fields that are lists, so that an empty or one-item collection still reads back as a list. */
const LIST_FIELDS = new Set([
	'sellers',
	'interests',
	'rooms',
	'subtypes',
	'areaIds',
	'municipalityCodes',
	'drawnAreas',
	'coordinates',
	'increasedRequirementIds',
	'categoryIds',
	'categories',
	'persons',
	'companies',
	'deceasedEstates',
	'matches',
	'incomingLeads',
	'outgoingLeads',
	'tips',
	'subOffices',
	'contactIds',
	'contactOrders',
	'rows',
	'users',
	'items',
	// The other lists of models.md's records (lists are element collections, interface.md 2.1).
	'agents',
	'askedProspectives',
	'askedProspectivesOwningAccomodation',
	'cdnReferences',
	'changes',
	'commercialProperties',
	'companyCategories',
	'condominiums',
	'cottages',
	'documents',
	'estateSaleReports',
	'estates',
	'farms',
	'foreignProperties',
	'houses',
	'housingCooperatives',
	'images',
	'increasedRequirements',
	'months',
	'officeSaleReports',
	'personCategories',
	'plots',
	'polygon',
	'polygonWGS84',
	'prospectives',
	'recurrenceDayOfWeeks',
	'speculatorOn',
	'years',
	// Lists of models-2026.json's records.
	'utmTags',
	'contactClassTypes',
	'selectableResidentialSubtypes',
	'selectableFarmSubtypes',
	'selectableForeignSubtypes',
	'selectableCommercialSubtypes',
	'selectablePremisesSubtypes',
	// Lists of the sandbox's assumed contact shape (README).
	'customFields',
	'newsletterListIds',
]);

/** Primitive item element names used by the service's serializer, and how to read their text. */
const PRIMITIVE_ITEMS: Record<string, 'string' | 'number' | 'boolean'> = {
	string: 'string',
	guid: 'string',
	dateTime: 'string',
	int: 'number',
	long: 'number',
	decimal: 'number',
	double: 'number',
	boolean: 'boolean',
};

/**
 * Fields whose values are text even when they look like numbers: identifiers, bid amounts
 * (records.md: a string), phone, social security and organisation numbers, postal codes.
 */
const TEXT_FIELD =
	/^(id|amount|alias|reference|referense|zipCode|name|socialNumber|socialSecurityNumber|corporateNumber|email|emailAddress\d?)$|(Id|Ids|Number|Phone|phone|Code|Codes|Name)$/;

export function toPascalCase(name: string): string {
	return name.charAt(0).toUpperCase() + name.slice(1);
}

export function toCamelCase(name: string): string {
	return name.charAt(0).toLowerCase() + name.slice(1);
}

export function isListField(fieldName: string): boolean {
	return LIST_FIELDS.has(fieldName);
}

export function primitiveItemType(elementName: string) {
	return PRIMITIVE_ITEMS[elementName];
}

/** Exceptions to the rule above: typed as integers by the specification (2.1, records.md). */
const NUMBER_FIELDS = new Set(['assignmentSourceId', 'leadScore']);

/** Records whose `id` is a number: the descriptive values of the sales and lead reports (models.md: DescriptiveId, Status). */
const NUMBERED_PARENTS = new Set(['status', 'type', 'assignment', 'intakeSource']);

/** Fields that are text in one record only: the sales report's year and month (models.md: string). */
const TEXT_IN_RECORD: Record<string, string> = {
	year: 'officeYearReport',
	month: 'officeMonthReport',
};

/** Whether a field's text stays text; `parentName` is the camelCase name of the record holding it. */
export function isTextField(fieldName: string, parentName?: string): boolean {
	if (fieldName === 'id' && parentName !== undefined && NUMBERED_PARENTS.has(parentName))
		return false;
	if (parentName !== undefined && TEXT_IN_RECORD[fieldName] === parentName) return true;
	// isForeignSocialSecurityNumber and the like are flags, whatever their last word.
	return !NUMBER_FIELDS.has(fieldName) && !/^is[A-Z]/.test(fieldName) && TEXT_FIELD.test(fieldName);
}

function singular(pascalName: string): string {
	if (pascalName.endsWith('ies')) return `${pascalName.slice(0, -3)}y`;
	if (pascalName.endsWith('ses')) return pascalName.slice(0, -2);
	if (pascalName.endsWith('s')) return pascalName.slice(0, -1);
	return `${pascalName}Item`;
}

/** The element name of one item of the list held in `fieldName`. */
export function listItemName(fieldName: string, items: unknown[]): string {
	const first = items.find((item) => item !== null && item !== undefined);
	if (typeof first === 'string') return 'string';
	if (typeof first === 'boolean') return 'boolean';
	if (typeof first === 'number') {
		return items.every((item) => Number.isInteger(item)) ? 'int' : 'decimal';
	}
	return RECORD_ITEM_NAMES[fieldName] ?? singular(toPascalCase(fieldName));
}

/** Whether `childName` reads as the item of a list held in the element `pascalName`. */
export function isItemNameOf(pascalName: string, childName: string): boolean {
	if (PRIMITIVE_ITEMS[childName]) return true;
	const fieldName = toCamelCase(pascalName);
	if (RECORD_ITEM_NAMES[fieldName] === childName) return true;
	if (pascalName.startsWith('ArrayOf')) return true;
	return singular(pascalName) === childName;
}
