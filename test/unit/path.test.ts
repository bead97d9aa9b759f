import { checkBaseUrl } from '../../nodes/shared/account';
import { fillPath, pathPlaceholders } from '../../nodes/shared/wire';
import { testNode } from './node';

describe('path parameters', () => {
	const fill = (values: Record<string, unknown>) =>
		fillPath(testNode, '/CRM/Bid/{customerId}/{bidId}', values, { bidId: 'Bid ID' }, 4);

	it('encodes each value as one segment, so no id can change the endpoint', () => {
		expect(fill({ customerId: 'M30011', bidId: '../x' })).toBe('/CRM/Bid/M30011/..%2Fx');
		expect(fill({ customerId: 'M30011', bidId: 'a/b' })).toBe('/CRM/Bid/M30011/a%2Fb');
		expect(fill({ customerId: 'G 2', bidId: 'B?1#2&x=%' })).toBe(
			'/CRM/Bid/G%202/B%3F1%232%26x%3D%25',
		);
		expect(fill({ customerId: 'M30011', bidId: 'Åsa-ö' })).toBe('/CRM/Bid/M30011/%C3%85sa-%C3%B6');
		expect(fill({ customerId: 'M30011', bidId: 12 })).toBe('/CRM/Bid/M30011/12');
	});

	it('refuses an empty value, naming the field, since a missing segment reaches another endpoint', () => {
		expect(() => fill({ customerId: 'M30011', bidId: '  ' })).toThrow('Bid ID is required');
		expect(() => fill({ customerId: 'M30011' })).toThrow('Bid ID is required');
	});

	it('lists the placeholders of a template', () => {
		expect(
			pathPlaceholders(
				'/BusinessIntelligence/Budget/{customerId}/{officeId}/{userId}/{year}/{month}',
			),
		).toEqual(['customerId', 'officeId', 'userId', 'year', 'month']);
	});
});

describe('base URL', () => {
	it('accepts https anywhere and http on loopback only, without trailing slashes', () => {
		expect(checkBaseUrl('https://api.example.com/')).toBe('https://api.example.com');
		expect(checkBaseUrl('https://api.example.com/v1//')).toBe('https://api.example.com/v1');
		expect(checkBaseUrl('http://127.0.0.1:8091')).toBe('http://127.0.0.1:8091');
		expect(checkBaseUrl('http://127.5.6.7:8091')).toBe('http://127.5.6.7:8091');
		expect(checkBaseUrl('http://localhost:8091/')).toBe('http://localhost:8091');
		expect(checkBaseUrl('http://[::1]:8091')).toBe('http://[::1]:8091');
	});

	it('refuses http to any other host, other schemes, garbage and embedded credentials', () => {
		expect(() => checkBaseUrl('http://api.example.com')).toThrow(
			/must start with https:\/\/.*got http:\/\/api\.example\.com/,
		);
		expect(() => checkBaseUrl('http://10.0.0.5')).toThrow('must start with https://');
		expect(() => checkBaseUrl('http://127.0.0.1.example.com')).toThrow('must start with https://');
		expect(() => checkBaseUrl('ftp://api.example.com')).toThrow('must start with https://');
		expect(() => checkBaseUrl('api.example.com')).toThrow('is not a valid URL');
		expect(() => checkBaseUrl('')).toThrow('is not a valid URL');
		expect(() => checkBaseUrl('https://user:secret@api.example.com')).toThrow(
			'must not contain a user name or password',
		);
	});
});
