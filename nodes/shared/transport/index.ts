export { accountKey, CREDENTIAL_TYPE, resolveCustomerId } from './account';
export { checkBaseUrl, isLoopbackHost, UnsafeBaseUrlError } from './baseUrl';
export { BrokerApiError, FAILURE_MESSAGES, responseError, toNodeError, validationProblems } from './errors';
export { decodeBody, encodeRequest, type MessageFormat } from './format';
export { type OutputShape, pairedItems, shapeOutput } from './output';
export { fillPath, pathPlaceholders } from './path';
export { brokerRequest, type BrokerCall, type BrokerContext } from './request';
export { readResponse } from './response';
export {
	BROKER_REQUEST_DEFAULTS,
	brokerRouting,
	MESSAGE_FORMAT_PARAMETER,
	type BrokerOperation,
	type RequestStep,
	type SendCall,
} from './routing';
export { MAX_IN_FLIGHT, sendThrottled } from './throttle';
export { idListCalls, type IdListCallOptions } from './idListCalls';
export { isoDateBodyFields } from './bodyDates';
export { DEFAULT_TIMEOUT_MS, REQUEST_OPTIONS_PARAMETER, timeoutMsOf } from './timeout';
export { type ReadBackOptions, writeThenReadBack } from './readBack';
export { dateRangeQuery, type QueryDateRange } from './queryDates';
export { requiredQuery } from './requiredQuery';
