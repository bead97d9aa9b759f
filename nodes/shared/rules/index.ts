/**
 * rules: the service's published limits and the checks every node makes on its input before
 * anything is sent; each refuses by the field's name and the rule. Pure values and functions,
 * no I/O. Bottom layer: imports nothing else in nodes/shared.
 */
export { labelsByWirePath, textLengths } from './textLengths';
export { type CheckSite, inputError } from './inputError';
export {
	isBlank,
	jsonText,
	listOf,
	oneOf,
	pathSegment,
	requiredPathSegment,
	requiredText,
	objectAt,
	textOf,
	textsAt,
	textOrNumber,
	valueAt,
	wholeNumber,
	type WholeNumberRule,
	pickedValue,
} from './values';
export { outgoingValuesStep, sentFieldsStep } from './sentValues';
export { requireOneOf } from './oneRequired';
export { LIMITS, DATE_RANGE_WORDING, type DateRangeLimit } from './limits';
export {
	chunkIds,
	idListCall,
	idListForm,
	listedId,
	parseIdList,
	type IdListCall,
	type IdListForm,
} from './idLists';
export {
	checkMaxPages,
	checkMaxSize,
	checkPageIndex,
	checkPageSize,
	checkSearchTerm,
} from './paging';
export { TEXT_LIMITS, type TextLimits } from './textLimits';
export { AMOUNTS_IN_TEXT, NUMBER_FIELDS, numbersByModel, numbersOfModel } from './numberFields';
