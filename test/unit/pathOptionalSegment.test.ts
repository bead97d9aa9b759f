import { fillPath, pathPlaceholders } from '../../nodes/shared/wire';
import { testNode } from './node';

describe('optional path segments ({name?})', () => {
	const template = '/BusinessIntelligence/Budget/Estate/{customerId}/{userId?}/{year}/{month}';
	const fill = (values: Record<string, unknown>) =>
		fillPath(testNode, template, values, { userId: 'Agent', year: 'Year' }, 2);

	it('keeps the segment when it has a value, encoded like any other', () => {
		expect(
			fill({
				customerId: 'M30011',
				userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
				year: 2026,
				month: 11,
			}),
		).toBe(
			'/BusinessIntelligence/Budget/Estate/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/2026/11',
		);
		expect(fill({ customerId: 'M30011', userId: 'a/b', year: 2026, month: 11 })).toBe(
			'/BusinessIntelligence/Budget/Estate/M30011/a%2Fb/2026/11',
		);
	});

	it('drops the segment with its slash when it is empty, and only that one', () => {
		expect(fill({ customerId: 'M30011', userId: '  ', year: 2026, month: 11 })).toBe(
			'/BusinessIntelligence/Budget/Estate/M30011/2026/11',
		);
		expect(fill({ customerId: 'M30011', year: 2026, month: 11 })).toBe(
			'/BusinessIntelligence/Budget/Estate/M30011/2026/11',
		);
		expect(() => fill({ customerId: 'M30011', year: '', month: 11 })).toThrow('Year is required');
	});

	it('names the placeholder without the mark', () => {
		expect(pathPlaceholders(template)).toEqual(['customerId', 'userId', 'year', 'month']);
	});
});
