/** The service's published limits (interface.md section 8, records.md), in one place. */
export const LIMITS = {
	/** Contact ids per call of the contact list operations. */
	maxIdsPerCall: 20,
	/** Up to this many ids go in the path; more go as the query parameter contactIds. */
	maxIdsInPath: 5,
	/** criteria.maxSize of the contact searches. */
	maxSize: { min: 1, max: 1000, default: 50 },
	/** A contact search term needs at least this many characters. */
	minSearchTermLength: 5,
	/** criteria.socialNumber of the search by social number: a personal or organisation number, 10 to 13 characters (models-2026). */
	socialNumberLength: { min: 10, max: 13 },
	/** Pages Return All reads at most (its Max Pages field), so a service that never ends cannot page for ever. */
	maxPages: { min: 1, max: 100_000, default: 1000 },
} as const;

/** Longest date range of the report families of section 8. */
export type DateRangeLimit = 'oneYear' | 'twoMonths' | 'none';

export const DATE_RANGE_WORDING: Record<DateRangeLimit, string> = {
	oneYear: 'one year',
	twoMonths: 'two months',
	none: '',
};
