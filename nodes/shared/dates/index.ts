export { currentInstant, describeDate, firstOccurrence, inWorkflowZone, nowIn, parseDateTime, serviceTime, toWire, utcMillis, workflowZone, type DateContext } from './clock';
export { checkDateRange, earliestStart, latestEnd, splitIntoWindows, type DateRangeInput } from './ranges';
