/**
 * items: the items of one node execution as n8n's own engine sees them: each item's view of
 * n8n's context, its parameters read as n8n's `getNodeParameter` reads them, its request
 * started with Request Options, its failure as n8n's error output takes it. Mirrors n8n;
 * guarded by test:internals. May import: rules, failures, wire.
 */
export {
	type CustomOperation,
	itemContext,
	startRequest,
	batchingOf,
	batchPause,
	type ItemOutputs,
	prepareItems,
	type RunItem,
	settledOutputs,
} from './itemContext';
export { type FailureContext, failedItem } from './errorItem';
export {
	fieldPathOf,
	type ItemParameterReader,
	itemParameterReader,
	type ItemParameters,
} from './itemParameters';
