import { MAX_IN_FLIGHT, sendThrottled } from '../../nodes/shared/account';

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
		const results = await Promise.all(
			Array.from({ length: 23 }, (_, index) =>
				sendThrottled({ key: 'https://a|user', maxInFlight: MAX_IN_FLIGHT }, task(index)),
			),
		);
		expect(results).toEqual(Array.from({ length: 23 }, (_, index) => index));
		expect(MAX_IN_FLIGHT).toBe(5);
		expect(peak).toBe(5);
	});

	it('retries a 429 after its Retry-After, and passes other errors through at once', async () => {
		let calls = 0;
		const rateLimitedOnce = async () => {
			calls++;
			if (calls === 1)
				throw Object.assign(new Error('429'), { httpCode: '429', retryAfterSeconds: 0 });
			return 'ok';
		};
		await expect(
			sendThrottled({ key: 'https://b|user', maxInFlight: 5 }, rateLimitedOnce),
		).resolves.toBe('ok');
		expect(calls).toBe(2);
		let failures = 0;
		const broken = async () => {
			failures++;
			throw Object.assign(new Error('500'), { httpCode: '500' });
		};
		await expect(sendThrottled({ key: 'https://b|user', maxInFlight: 5 }, broken)).rejects.toThrow(
			'500',
		);
		expect(failures).toBe(1);
	});

	it('lets a request in only under its own cap, in order, so a lowered setting applies to what waits', async () => {
		const started: string[] = [];
		const finishers = new Map<string, () => void>();
		const task = (name: string) => async () => {
			started.push(name);
			await new Promise<void>((resolve) => finishers.set(name, resolve));
			return name;
		};
		const flush = async () => await new Promise((resolve) => setImmediate(resolve));
		const account = (maxInFlight: number) => ({ key: 'https://c|user', maxInFlight });
		const runs = [
			sendThrottled(account(3), task('a')),
			sendThrottled(account(3), task('b')),
			sendThrottled(account(1), task('c')),
			sendThrottled(account(3), task('d')),
		];
		await flush();
		expect(started).toEqual(['a', 'b']);
		finishers.get('a')?.();
		await flush();
		// One still open: c (cap 1) waits, and d waits behind it.
		expect(started).toEqual(['a', 'b']);
		finishers.get('b')?.();
		await flush();
		// None open: c enters, and d under its own cap of 3 beside it.
		expect(started).toEqual(['a', 'b', 'c', 'd']);
		finishers.get('c')?.();
		finishers.get('d')?.();
		await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c', 'd']);
	});
});
