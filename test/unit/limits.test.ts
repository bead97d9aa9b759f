import {
	checkMaxSize,
	checkPageIndex,
	checkPageSize,
	checkSearchTerm,
	chunkIds,
	idListCall,
	idListForm,
	listedId,
	parseIdList,
} from '../../nodes/shared/rules';
import { errorOf, testNode } from './node';

describe('id lists', () => {
	it('reads arrays, comma, semicolon and newline lists; trims; drops blanks and duplicates in order', () => {
		expect(parseIdList(testNode, ['C3', ' C1 ', 'C3', 7], 'Contact IDs')).toEqual([
			'C3',
			'C1',
			'7',
		]);
		expect(parseIdList(testNode, 'C1, C2;C3\nC2,,', 'Contact IDs')).toEqual(['C1', 'C2', 'C3']);
		expect(parseIdList(testNode, 42, 'Contact IDs')).toEqual(['42']);
	});

	it('refuses an empty list, naming the field', () => {
		expect(errorOf(() => parseIdList(testNode, ' , ', 'Contact IDs', 2)).message).toBe(
			'Contact IDs needs at least one ID',
		);
		expect(errorOf(() => parseIdList(testNode, [], 'Contact IDs')).message).toBe(
			'Contact IDs needs at least one ID',
		);
	});

	it('chunks 47 ids into 20, 20 and 7', () => {
		const ids = Array.from({ length: 47 }, (_, index) => `C${index}`);
		expect(chunkIds(ids).map((chunk) => chunk.length)).toEqual([20, 20, 7]);
		expect(chunkIds(ids).flat()).toEqual(ids);
	});

	it('puts up to 5 ids in the path and 6 or more in the contactIds query', () => {
		expect(idListForm(['a', 'b', 'c', 'd', 'e'])).toEqual({ kind: 'path', segment: 'a,b,c,d,e' });
		expect(idListForm(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
			kind: 'query',
			contactIds: 'a,b,c,d,e,f',
		});
	});
});

describe('IDs the service gives', () => {
	it('pass the checks of typed ones before a path or list carries them', () => {
		expect(listedId(testNode, ' P1 ', 'Contact ID')).toBe('P1');
		expect(listedId(testNode, 42, 'Contact ID')).toBe('42');
		expect(errorOf(() => listedId(testNode, '..', 'Contact ID')).message).toBe(
			'Contact ID from the service must not be "." or ".."',
		);
		expect(errorOf(() => listedId(testNode, '', 'Contact ID')).message).toBe(
			'Contact ID from the service is empty',
		);
		expect(errorOf(() => listedId(testNode, 'P1,P2', 'Contact ID')).message).toBe(
			'Contact ID from the service must not hold a comma; got "P1,P2"',
		);
		expect(errorOf(() => listedId(testNode, { id: 1 }, 'Contact ID')).message).toBe(
			'Contact ID from the service must be text or a number; got an object',
		);
	});

	it('an ID list call never drops or climbs out of its segment, whoever gave the IDs', () => {
		expect(idListCall(testNode, '/CRM/Contact/M1/Person', ['P1', 'a/b'])).toEqual({
			path: '/CRM/Contact/M1/Person/P1,a%2Fb',
		});
		expect(errorOf(() => idListCall(testNode, '/CRM/Contact/M1', ['..'])).message).toBe(
			'ID must not be "." or ".."',
		);
		expect(errorOf(() => idListCall(testNode, '/CRM/Contact/M1', ['P1', ''])).message).toBe(
			'An ID of the call is empty',
		);
	});
});

describe('paging and search', () => {
	it('takes maxSize 1 to 1000, 50 when empty', () => {
		expect(checkMaxSize(testNode, '')).toBe(50);
		expect(checkMaxSize(testNode, 1)).toBe(1);
		expect(checkMaxSize(testNode, '1000')).toBe(1000);
		expect(errorOf(() => checkMaxSize(testNode, 1001)).message).toBe(
			'Max Size must be between 1 and 1000; got 1001',
		);
		expect(errorOf(() => checkMaxSize(testNode, 0)).message).toBe(
			'Max Size must be between 1 and 1000; got 0',
		);
		expect(errorOf(() => checkMaxSize(testNode, 2.5)).message).toBe(
			'Max Size must be a whole number; got "2.5"',
		);
	});

	it('keeps pageIndex zero-based and pageSize positive', () => {
		expect(checkPageIndex(testNode, 0)).toBe(0);
		expect(errorOf(() => checkPageIndex(testNode, -1)).message).toBe(
			'Page Index is zero-based and must be 0 or more; got -1',
		);
		expect(errorOf(() => checkPageSize(testNode, 0)).message).toBe(
			'Page Size must be 1 or more; got 0',
		);
	});

	it('needs a search term of at least 5 characters', () => {
		expect(checkSearchTerm(testNode, '  Anna K  ')).toBe('Anna K');
		expect(() => checkSearchTerm(testNode, 'Anna')).toThrow(
			'Search Term needs at least 5 characters; got 4',
		);
		expect(checkSearchTerm(testNode, 'Svensson')).toBe('Svensson');
	});
});
