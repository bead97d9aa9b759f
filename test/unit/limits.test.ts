import { NodeOperationError } from 'n8n-workflow';

import {
	checkDateRange,
	checkMaxSize,
	checkPageIndex,
	checkPageSize,
	checkSearchTerm,
	chunkIds,
	idListForm,
	latestEnd,
	parseIdList,
	splitIntoWindows,
} from '../../nodes/shared/limits';
import { testNode } from './node';

function errorOf(action: () => unknown): NodeOperationError {
	try {
		action();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('expected an error');
}

describe('date ranges', () => {
	const oneYear = (from: string, to: string) =>
		checkDateRange(testNode, { from, to, fromField: 'Date From', toField: 'Date To', limit: 'oneYear', required: true }, 3);
	const twoMonths = (from: string, to: string) =>
		checkDateRange(testNode, { from, to, fromField: 'Date From', toField: 'Date To', limit: 'twoMonths', required: true });

	it('accepts exactly one year and returns UTC ISO strings', () => {
		expect(oneYear('2025-03-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00')).toEqual({
			from: '2025-02-28T23:00:00.000Z',
			to: '2026-02-28T23:00:00.000Z',
		});
	});

	it('refuses one year and a second, naming both fields and the rule, with the item index', () => {
		const error = errorOf(() => oneYear('2025-03-01T00:00:00Z', '2026-03-01T00:00:01Z'));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The range from Date From to Date To must not exceed one year');
		expect(error.description).toContain('2026-03-01T00:00:00.000Z');
		expect(error.context.itemIndex).toBe(3);
	});

	it('counts two months in calendar months, clamping at month ends', () => {
		expect(twoMonths('2026-01-15T00:00:00Z', '2026-03-15T00:00:00Z').to).toBe('2026-03-15T00:00:00.000Z');
		expect(() => twoMonths('2026-01-15T00:00:00Z', '2026-03-15T00:00:01Z')).toThrow('must not exceed two months');
		expect(latestEnd(new Date('2025-12-31T00:00:00Z'), 'twoMonths').toISOString()).toBe('2026-02-28T00:00:00.000Z');
	});

	it('refuses a start after the end, an invalid date and a missing required date', () => {
		expect(errorOf(() => twoMonths('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')).message).toBe('Date From must not be after Date To');
		expect(errorOf(() => twoMonths('yesterday-ish', '2026-01-01T00:00:00Z')).message).toBe('Date From is not a valid date');
		expect(errorOf(() => twoMonths('', '2026-01-01T00:00:00Z')).message).toBe('Date From is required');
	});

	it('leaves an optional empty pair out', () => {
		expect(checkDateRange(testNode, { from: '', to: '', fromField: 'From', toField: 'To', limit: 'none' })).toEqual({});
	});

	it('splits a long gap into windows of at most two months that tile it exactly', () => {
		const from = new Date('2025-01-10T12:00:00Z');
		const to = new Date('2025-08-01T00:00:00Z');
		const windows = splitIntoWindows(from, to, 'twoMonths');
		expect(windows.map((window) => window.from.toISOString())).toEqual([
			'2025-01-10T12:00:00.000Z',
			'2025-03-10T12:00:00.000Z',
			'2025-05-10T12:00:00.000Z',
			'2025-07-10T12:00:00.000Z',
		]);
		expect(windows[windows.length - 1].to).toEqual(to);
		for (const window of windows) {
			expect(window.to.getTime()).toBeLessThanOrEqual(latestEnd(window.from, 'twoMonths').getTime());
		}
	});
});

describe('id lists', () => {
	it('reads arrays, comma, semicolon and newline lists; trims; drops blanks and duplicates in order', () => {
		expect(parseIdList(testNode, ['C3', ' C1 ', 'C3', 7], 'Contact IDs')).toEqual(['C3', 'C1', '7']);
		expect(parseIdList(testNode, 'C1, C2;C3\nC2,,', 'Contact IDs')).toEqual(['C1', 'C2', 'C3']);
		expect(parseIdList(testNode, 42, 'Contact IDs')).toEqual(['42']);
	});

	it('refuses an empty list, naming the field', () => {
		expect(errorOf(() => parseIdList(testNode, ' , ', 'Contact IDs', 2)).message).toBe('Contact IDs needs at least one ID');
		expect(errorOf(() => parseIdList(testNode, [], 'Contact IDs')).message).toBe('Contact IDs needs at least one ID');
	});

	it('chunks 47 ids into 20, 20 and 7', () => {
		const ids = Array.from({ length: 47 }, (_, index) => `C${index}`);
		expect(chunkIds(ids).map((chunk) => chunk.length)).toEqual([20, 20, 7]);
		expect(chunkIds(ids).flat()).toEqual(ids);
	});

	it('puts up to 5 ids in the path and 6 or more in the contactIds query', () => {
		expect(idListForm(['a', 'b', 'c', 'd', 'e'])).toEqual({ kind: 'path', segment: 'a,b,c,d,e' });
		expect(idListForm(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ kind: 'query', contactIds: 'a,b,c,d,e,f' });
	});
});

describe('paging and search', () => {
	it('takes maxSize 1 to 1000, 50 when empty', () => {
		expect(checkMaxSize(testNode, '')).toBe(50);
		expect(checkMaxSize(testNode, 1)).toBe(1);
		expect(checkMaxSize(testNode, '1000')).toBe(1000);
		expect(errorOf(() => checkMaxSize(testNode, 1001)).message).toBe('Max Size must be between 1 and 1000; got 1001');
		expect(errorOf(() => checkMaxSize(testNode, 0)).message).toBe('Max Size must be between 1 and 1000; got 0');
		expect(errorOf(() => checkMaxSize(testNode, 2.5)).message).toBe('Max Size must be a whole number; got "2.5"');
	});

	it('keeps pageIndex zero-based and pageSize positive', () => {
		expect(checkPageIndex(testNode, 0)).toBe(0);
		expect(errorOf(() => checkPageIndex(testNode, -1)).message).toBe('Page Index is zero-based and must be 0 or more; got -1');
		expect(errorOf(() => checkPageSize(testNode, 0)).message).toBe('Page Size must be 1 or more; got 0');
	});

	it('needs a search term of at least 5 characters', () => {
		expect(checkSearchTerm(testNode, '  Anna K  ')).toBe('Anna K');
		expect(() => checkSearchTerm(testNode, 'Anna')).toThrow('Search Term needs at least 5 characters; got 4');
		expect(checkSearchTerm(testNode, 'Svensson')).toBe('Svensson');
	});
});
