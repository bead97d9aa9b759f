/**
 * engine: how a node's items become requests, mirroring n8n's routing (RoutingNode's preSend,
 * postReceive and field routing; WorkflowExecute's customOperations), per item or across a
 * run's items, with reads by id gathered into shared calls. Guarded by test:internals. May
 * import: rules, failures, account, wire, items.
 */
export { type EachItemWrite, eachItemOperation } from './eachItem';
export { checkPlainSends, sendFields } from './fieldRouting';
export {
	type IdOutcome,
	type ReadIds,
	recordId,
	flushRun,
	gatherIds,
	type IdListCallOptions,
	idListCalls,
	readsByIdOperation,
} from './readsById';
export {
	type RequestStep,
	type AnswerStep,
	type CallsStep,
	type OperationRequest,
	type OutputShape,
	callsItself,
} from './operationRequest';
export {
	shapeOutput,
	pairedItems,
	sentRequest,
	brokerRouting,
	BROKER_REQUEST_DEFAULTS,
} from './routing';
