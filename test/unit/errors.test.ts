import { responseError, toNodeError, validationProblems } from '../../nodes/shared/failures';
import { testNode } from './node';

describe('error mapping', () => {
	it('lists validation errors of either body shape', () => {
		expect(
			validationProblems({
				message: 'The request is invalid.',
				errors: [{ field: 'firstName', message: 'at most 40 characters' }],
			}),
		).toEqual([{ field: 'firstName', message: 'at most 40 characters' }]);
		expect(
			validationProblems({
				Message: 'The request is invalid.',
				ModelState: { 'criteria.term': ['too short', 'required'] },
			}),
		).toEqual([
			{ field: 'criteria.term', message: 'too short' },
			{ field: 'criteria.term', message: 'required' },
		]);
		const error = responseError(
			testNode,
			{
				statusCode: 400,
				body: {
					errors: [
						{ field: 'a', message: 'x' },
						{ field: 'b', message: 'y' },
					],
				},
			},
			7,
		);
		expect(error.message).toBe('The service rejected the request as invalid: a: x; b: y');
		expect(error.context.itemIndex).toBe(7);
	});

	it('keeps the status, the wait of a 429 and the service message of a 5xx', () => {
		const limited = responseError(testNode, {
			statusCode: 429,
			body: '',
			headers: { 'retry-after': '7' },
		});
		expect([limited.httpCode, limited.retryAfterSeconds, limited.message]).toEqual([
			'429',
			7,
			'The service is limiting requests; it asked to wait 7 seconds (Retry-After)',
		]);
		const broken = responseError(testNode, { statusCode: 502, body: { message: 'upstream down' } });
		expect([broken.message, broken.description]).toEqual([
			'The service failed to process the request (HTTP 502)',
			'upstream down',
		]);
	});

	it('rebuilds network errors from plain values, dropping the request they carried', () => {
		const raw = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
			code: 'ECONNREFUSED',
			config: { headers: { Authorization: 'Basic c2VjcmV0' } },
		});
		const error = toNodeError(testNode, raw, 2);
		expect(error.message).toBe('The service could not be reached (ECONNREFUSED)');
		expect(error.context.itemIndex).toBe(2);
		expect(JSON.stringify(error)).not.toContain('c2VjcmV0');
		expect(String((error as { cause?: unknown }).cause ?? '')).not.toContain('c2VjcmV0');
	});
});
