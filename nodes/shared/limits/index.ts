export { LIMITS, DATE_RANGE_WORDING, type DateRangeLimit } from './rules';
export { chunkIds, idListCall, idListForm, listedId, parseIdList, type IdListCall, type IdListForm } from './ids';
export { checkMaxPages, checkMaxSize, checkPageIndex, checkPageSize, checkSearchTerm, pageGuard } from './paging';
export { TEXT_LIMITS, type TextLimits } from './text';
