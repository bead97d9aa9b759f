/**
 * steps: request steps operations share: checks and rewrites before sending, and calls made
 * after or around it. Top layer beside descriptions. May import: listings, engine, items, wire,
 * failures, dates, rules.
 */
export { isoDateBodyFields } from './bodyDates';
export { blankTextLeftOut, withoutBlankText } from './blankText';
export { dateRangeQuery, type QueryDateRange } from './queryDates';
export { CONTACT_READ_PATHS, GATHERED_READ_LONGEST_WAIT_MS, readGathered } from './gatheredRead';
export { readBack, type ReadBackOptions } from './readBack';
export { requiredQuery } from './requiredQuery';
export { listingGet, listingGetAll, officeGroupsGetAll } from './listingReads';
