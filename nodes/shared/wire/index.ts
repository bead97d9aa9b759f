/**
 * wire: one exchange with the service: the request addressed (address.ts: base URL, Customer
 * ID, path), then, in one call of request.ts, encoded as JSON or XML, sent under the account's
 * pace and pause, the answer read within Timeout and Largest Answer to Read, decoded and checked. Knows nothing of items. May import:
 * rules, xml, dates, failures, account.
 */
export {
	type BrokerContext,
	MESSAGE_FORMAT_PARAMETER,
	type NodeSettings,
	nodeSetting,
	nodeSettingsOf,
	itemIndexOf,
	messageFormatOf,
	type MessageFormat,
} from './callState';
export {
	type BrokerAddress,
	type BrokerCall,
	type AddressedRequest,
	addressRequest,
	addressItemRequest,
} from './address';
export { type AnswerTimes, type BrokerAnswer, type SendOptions, send } from './request';
export { type BodyLimits, readBodyWithinLimits, encodeRequest, decodeBody } from './body';
export { pathPlaceholders, fillPath } from './address';
export {
	REQUEST_OPTIONS_PARAMETER,
	DEFAULT_TIMEOUT_MS,
	TRIGGER_TIMEOUT_MS,
	TIMEOUT_RANGE,
	timeoutOf,
	MEGABYTE,
	MAX_ANSWER_SIZE_PARAMETER,
	MAX_ANSWER_SIZE_MB,
	maxAnswerSizeOf,
	wireOptions,
} from './callState';
export { answerKind, checkReadAnswer, pageGuard, recordsOf } from './answerCheck';
export {
	type CallAccount,
	type CallSite,
	type CallState,
	callSiteOf,
	callStateOf,
	itemCallSite,
	NODE_SETTING_FALLBACKS,
	type NodeSettingValues,
	type SiteAccount,
	runCredentials,
	type RunState,
	runStateOf,
} from './callState';
