import { MAX_IN_FLIGHT, sendThrottled } from '../../nodes/shared/transport';

describe('per-account throttle', () => {
	it('keeps at most 5 requests of one account in flight and runs them all', async () => {
		let inFlight = 0;
		let peak = 0;
		const task = (value: number) => async () => {
			inFlight++;
			peak = Math.max(peak, inFlight);
			await new Promise((resolve) => setTimeout(resolve, 5));
			inFlight--;
			return value;
		};
		const results = await Promise.all(Array.from({ length: 23 }, (_, index) => sendThrottled('https://a|user', task(index))));
		expect(results).toEqual(Array.from({ length: 23 }, (_, index) => index));
		expect(MAX_IN_FLIGHT).toBe(5);
		expect(peak).toBe(5);
	});

	it('retries a 429 after its Retry-After, and passes other errors through at once', async () => {
		let calls = 0;
		const rateLimitedOnce = async () => {
			calls++;
			if (calls === 1) throw Object.assign(new Error('429'), { httpCode: '429', retryAfterSeconds: 0 });
			return 'ok';
		};
		await expect(sendThrottled('https://b|user', rateLimitedOnce)).resolves.toBe('ok');
		expect(calls).toBe(2);
		let failures = 0;
		const broken = async () => {
			failures++;
			throw Object.assign(new Error('500'), { httpCode: '500' });
		};
		await expect(sendThrottled('https://b|user', broken)).rejects.toThrow('500');
		expect(failures).toBe(1);
	});
});
