/**
 * dates: the two clocks (the workflow's zone in workflowClock.ts, the service's Stockholm time in
 * serviceClock.ts), date ranges and the times of records. May import: rules.
 */
export {
	currentInstant,
	describeDate,
	firstOccurrence,
	inWorkflowZone,
	nowIn,
	parseDateTime,
	serviceTime,
	toWire,
	utcMillis,
	workflowZone,
	type DateContext,
} from './workflowClock';
export {
	checkDateRange,
	earliestStart,
	latestEnd,
	serviceLatestEnd,
	splitIntoWindows,
	type DateRangeInput,
} from './ranges';
export {
	latestSameWallTime,
	readServiceTime,
	SERVICE_ZONE,
	serviceFilterStart,
	serviceMillis,
	stockholmOffset,
	stockholmText,
	withStockholmOffset,
	type ServiceTime,
} from './serviceClock';
export {
	AnswerTooDeep,
	DATE_TIME_FIELDS,
	MAX_ANSWER_DEPTH,
	offsetServiceTimes,
	type UnreadableTime,
} from './recordTimes';
