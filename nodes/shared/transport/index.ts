/**
 * transport: the one request path to the service (credential, base URL, throttle, message
 * format, body limits, errors) and the routing that runs every operation through it, item by
 * item or across a run's items. May import: rules, dates, xml.
 */
export {
	acrossItems,
	type AcrossItems,
	type CustomOperation,
	customOperationOf,
} from './acrossItems';
export {
	CREDENTIAL_TYPE,
	pollReadingCredentialOnce,
	REQUESTS_IN_FLIGHT_FIELD,
	REQUESTS_PER_SECOND_FIELD,
	resolveCustomerId,
	runCredentials,
	throttledAccount,
	webhookCredentialCustomer,
} from './account';
export { eachItemOperation, type EachItemWrite } from './eachItem';
export { checkBaseUrl, isLoopbackHost, UnsafeBaseUrlError } from './baseUrl';
export {
	BrokerApiError,
	errorForItem,
	FAILURE_MESSAGES,
	notFoundError,
	responseError,
	toNodeError,
	unexpectedAnswerError,
	UNREADABLE_TIMES_FIELD,
	unreadableTimeError,
	validationProblems,
} from './errors';
export { flushRun, gatherIds, type IdOutcome, type ReadIds, recordId } from './gather';
export { recordsOf } from './records';
export { decodeBody, encodeRequest, type MessageFormat } from './format';
export { answerKind, checkReadAnswer } from './readAnswerCheck';
export { type OutputShape, pairedItems, shapeOutput } from './output';
export { AMOUNTS_IN_TEXT, NUMBER_FIELDS, numbersByModel, numbersOfModel } from './numbers';
export { fillPath, pathPlaceholders, pickedValue } from './path';
export {
	addressRequest,
	brokerAnswer,
	type AnswerTimes,
	type BrokerAnswer,
	type BrokerAddress,
	brokerBytes,
	type BrokerBytes,
	brokerRequest,
	type BrokerCall,
	type BrokerContext,
	exchange,
	MESSAGE_FORMAT_PARAMETER,
	nodeSetting,
	readAnswer,
} from './request';
export {
	DEFAULT_TIMEOUT_MS,
	TRIGGER_TIMEOUT_MS,
	MAX_ANSWER_SIZE_MB,
	MAX_ANSWER_SIZE_PARAMETER,
	REQUEST_OPTIONS_PARAMETER,
	wireOptions,
} from './requestOptions';
export {
	itemsFromGatheredRecords,
	callsInFlight,
	type AnswerStep,
	errorItem,
	sendAsItem,
	BROKER_REQUEST_DEFAULTS,
	brokerRouting,
	type OperationRequest,
	type CallsStep,
	type RequestStep,
	sentRequest,
} from './routing';
export { pageGuard } from './pageGuard';
export { MAX_IN_FLIGHT, sendThrottled, type ThrottledAccount } from './throttle';
export {
	LONGEST_RETRY_AFTER_MS,
	PAUSE_POLICY,
	PauseBook,
	pauseKey,
	type PauseClock,
	type PauseRecord,
	pauses,
	setPauseClock,
} from './pause';
