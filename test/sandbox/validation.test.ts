import { SandboxError } from '../../sandbox/src/errors';
import {
	ENUMS,
	ONE_YEAR,
	TWO_MONTHS,
	assertDateRange,
	parseDateTime,
	parseIdList,
} from '../../sandbox/src/http/validation';

/** The shared helpers the report routes use (date ranges, id lists) checked on their own. */
function fieldErrors(run: () => void) {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(SandboxError);
		expect((error as SandboxError).statusCode).toBe(400);
		return (error as SandboxError).errors;
	}
	return undefined;
}

describe('assertDateRange', () => {
	it('allows exactly two months and refuses a day more', () => {
		expect(
			fieldErrors(() => assertDateRange('2026-01-01', '2026-03-01', TWO_MONTHS)),
		).toBeUndefined();
		expect(
			fieldErrors(() =>
				assertDateRange('2026-01-01T00:00:00Z', '2026-03-01T00:00:01Z', TWO_MONTHS),
			),
		).toEqual([{ field: 'dateTo', message: 'the range from dateFrom must not exceed two months' }]);
	});

	it('allows one year and refuses more, with custom field names', () => {
		expect(
			fieldErrors(() => assertDateRange('2025-06-01', '2026-06-01', ONE_YEAR)),
		).toBeUndefined();
		expect(
			fieldErrors(() =>
				assertDateRange('2025-06-01', '2026-06-02', ONE_YEAR, { from: 'fromDate', to: 'toDate' }),
			),
		).toEqual([{ field: 'toDate', message: 'the range from fromDate must not exceed one year' }]);
	});

	it('refuses a reversed range and ignores an open one', () => {
		expect(fieldErrors(() => assertDateRange('2026-02-01', '2026-01-01', null))![0].message).toBe(
			'must not be before dateFrom',
		);
		expect(fieldErrors(() => assertDateRange(undefined, '2026-01-01', TWO_MONTHS))).toBeUndefined();
	});

	it('reads dates without a zone as Swedish time (service-clock.md)', () => {
		expect(parseDateTime('2026-01-01')).toBe(Date.parse('2025-12-31T23:00:00Z'));
		expect(parseDateTime('2026-07-01')).toBe(Date.parse('2026-06-30T22:00:00Z'));
		expect(parseDateTime('2026-01-01T10:00:00')).toBe(Date.parse('2026-01-01T09:00:00Z'));
		expect(parseDateTime('2026-01-01T10:00:00+01:00')).toBe(Date.parse('2026-01-01T09:00:00Z'));
	});
});

describe('parseIdList', () => {
	it('splits, trims and drops empty entries, at most 20', () => {
		expect(parseIdList(' C1, C2,,C3 ,')).toEqual(['C1', 'C2', 'C3']);
		const ids = Array.from({ length: 21 }, (_, i) => `C${i}`).join(',');
		expect(fieldErrors(() => parseIdList(ids))).toEqual([
			{ field: 'contactIds', message: 'at most 20 ids are allowed, 21 were given' },
		]);
		expect(fieldErrors(() => parseIdList(',', 'ids'))).toEqual([
			{ field: 'ids', message: 'at least one id is required' },
		]);
	});
});

describe('ENUMS', () => {
	it('lists the enumerations of the interface', () => {
		expect(ENUMS.assignment).toEqual(['Writing', 'Valuation', 'Sale']);
		expect(ENUMS.selectionType).toEqual([
			'Create',
			'Access',
			'Agreement',
			'Changed',
			'LatestPropertyChangeDate',
		]);
		expect(ENUMS.activeStatusTipLead).toEqual(['Active', 'ActiveAndRemoved', 'Removed']);
	});
});
