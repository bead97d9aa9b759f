/**
 * descriptions: what n8n shows and stores for each operation (defineOperation, the shared
 * fields) and how an operation's definition becomes routing. Top layer beside steps.
 * May import: pickers, listings, engine, items, wire, rules.
 */
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
	listingIdField,
	listingSimplifyField,
	pictureOptionsField,
	returnFullRecordsOf,
} from './listingFields';
