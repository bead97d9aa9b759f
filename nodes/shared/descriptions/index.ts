/**
 * descriptions: what n8n shows and stores for each operation (defineOperation, the shared
 * fields), how an operation's definition becomes routing, and an action node built from its
 * resources (actionNode). Top layer beside steps.
 * May import: pickers, loaders, listings, engine, items, wire, rules.
 */
export { actionNode, type ActionNodeMeta } from './actionNode';
export {
	defineOperation,
	defineResource,
	nodeCustomOperations,
	nodeProperties,
	nodeSubtitle,
	optionSubtitle,
	type OperationDescription,
	type OperationDefinition,
	type ResourceDefinition,
} from './operation';
export { coordinateParameter, type CoordinateAxis } from './coordinates';
export {
	additionalFieldsField,
	agentField,
	bodyField,
	contactIdField,
	contactIdsField,
	customerIdField,
	estateIdField,
	filtersField,
	maxSizeField,
	MONTH_OPTIONS,
	messageFormatField,
	optionsField,
	queryField,
	requestOptionsField,
	triggerRequestOptionsField,
	returnAllFields,
} from './fields';
export {
	estateStatusChoices,
	includeField,
	listingFiltersField,
	listingGetManyOperation,
	listingGetOperation,
	listingIdField,
	type ListingOperationText,
	listingSimplifyField,
	pictureOptionsField,
	returnFullRecordsOf,
} from './listingFields';
