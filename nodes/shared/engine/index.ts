/**
 * engine: how a node's items become requests, mirroring n8n's routing (RoutingNode's preSend,
 * postReceive and field routing; WorkflowExecute's customOperations), per item or across a
 * run's items, with reads by id gathered into shared calls. Guarded by test:internals. May
 * import: rules, failures, account, wire.
 */
export {
	type AcrossItems,
	acrossItems,
	type CustomOperation,
	itemContext,
	failedItem,
	startRequest,
	batchingOf,
	batchPause,
	type ItemOutputs,
	prepareItems,
	settledOutputs,
	customOperationOf,
} from './acrossItems';
export { type EachItemWrite, eachItemOperation } from './eachItem';
export { checkPlainSends, sendFields } from './fieldRouting';
export { type IdOutcome, type ReadIds, recordId, flushRun, gatherIds } from './gather';
export { fieldPathOf, type ItemParameterReader, itemParameterReader } from './itemParameters';
export { type OutputShape, shapeOutput, pairedItems } from './output';
export {
	type RequestStep,
	type AnswerStep,
	type CallsStep,
	type OperationRequest,
	sentRequest,
	errorItem,
	sendAsItem,
	itemsFromGatheredRecords,
	brokerRouting,
	BROKER_REQUEST_DEFAULTS,
} from './routing';
