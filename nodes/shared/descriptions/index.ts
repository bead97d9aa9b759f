export {
	defineOperation,
	defineResource,
	nodeCustomOperations,
	nodeProperties,
	nodeSubtitle,
	optionSubtitle,
	type DefinedOperation,
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
