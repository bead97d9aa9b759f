/**
 * failures: how every failure of a call reads for the user (the message, the advice, the item it
 * belongs to), with the credential's secrets scrubbed out. Pure wording, no I/O. May import:
 * nothing else in nodes/shared.
 */
export {
	UnsafeBaseUrlError,
	FAILURE_MESSAGES,
	secretsOf,
	scrub,
	type FailedResponse,
	validationProblems,
	retryAfterSeconds,
	BrokerApiError,
	apiError,
	notFoundError,
	errorForItem,
	type CallCustomers,
	responseError,
	redirectError,
	malformedResponseError,
	unexpectedAnswerError,
	unreadableTimeError,
	UNREADABLE_TIMES_FIELD,
	unreadableTimesNote,
	answerTimeoutError,
	answerTooLargeError,
	toNodeError,
} from './errors';
