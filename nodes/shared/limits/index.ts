export { LIMITS, DATE_RANGE_WORDING, type DateRangeLimit } from './rules';
export { checkDateRange, latestEnd, parseDateTime, splitIntoWindows, type DateRangeInput } from './dates';
export { chunkIds, idListForm, parseIdList, type IdListForm } from './ids';
export { checkMaxSize, checkPageIndex, checkPageSize, checkSearchTerm } from './paging';
