/**
 * account: what the package knows of an account (credential and Customer ID) while the process
 * lives: the credential read once per run, the base URL checked, the pace of its calls and the
 * pause of a refusing or failing service. May import: rules, failures.
 */
export {
	CREDENTIAL_TYPE,
	resolveCustomerId,
	accountOf,
	type NodeAccount,
	REQUESTS_IN_FLIGHT_FIELD,
	REQUESTS_PER_SECOND_FIELD,
	MAX_REQUESTS_PER_SECOND,
	throttledAccount,
	pollReadingCredentialOnce,
	WEBHOOK_CUSTOMER_LIFE_MS,
	webhookCredentialCustomer,
	isLoopbackHost,
	checkBaseUrl,
} from './account';
export {
	MAX_IN_FLIGHT,
	type ThrottledAccount,
	MAX_RETRY_WAIT_SECONDS,
	MAX_RATE_LIMIT_RETRIES,
	sendThrottled,
	type AccountCall,
	type Exchanged,
	throughAccount,
} from './throttle';
export {
	type PauseClock,
	setPauseClock,
	transportClock,
	type Trouble,
	PAUSE_POLICY,
	LONGEST_RETRY_AFTER_MS,
	type PauseRecord,
	type CallTicket,
	type GatheredCall,
	CallsPaused,
	TakeTurn,
	PauseBook,
	pauses,
	pauseKey,
	type CallOutcome,
	pausedError,
} from './pause';
export {
	forgetProcessState,
	PROCESS_STATE,
	type ProcessStateName,
	processStore,
} from './processState';
