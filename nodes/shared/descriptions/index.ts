export {
	defineOperation,
	defineResource,
	nodeProperties,
	type DefinedOperation,
	type OperationDefinition,
	type ResourceDefinition,
} from './operation';
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
	triggerRequestOptionsField,
	returnAllFields,
} from './fields';
