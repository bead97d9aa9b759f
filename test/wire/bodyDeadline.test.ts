import { watchDeadline } from '../../nodes/shared/wire/body';

/**
 * The answers being read share one timer, set for the earliest deadline: each read is given up
 * at its own deadline, never before it, in the order of the deadlines whatever the order the
 * reads started in, and a read taken off the watch (its answer arrived) is never given up.
 */
describe('deadlines of the answers being read', () => {
	it('gives each read up at its own deadline, in their order, and none that ended', async () => {
		const start = Date.now();
		const expired: Array<{ name: string; at: number; seenAt: number }> = [];
		const watch = (name: string, after: number) =>
			new Promise<void>((resolve) => {
				const at = start + after;
				const unwatch = watchDeadline(at, () => {
					expired.push({ name, at, seenAt: Date.now() });
					resolve();
				});
				if (name === 'answered') {
					unwatch();
					resolve();
				}
			});
		// A later deadline first, then earlier ones: the timer moves to the earliest.
		await Promise.all([
			watch('late', 90),
			watch('early', 30),
			watch('answered', 10),
			watch('middle', 60),
			watch('same as middle', 60),
		]);
		expect(expired.map((read) => read.name)).toEqual(['early', 'middle', 'same as middle', 'late']);
		for (const read of expired) expect(read.seenAt).toBeGreaterThanOrEqual(read.at);
	});

	it('watches a read whose deadline is later than the timer set for an ended one', async () => {
		const givenUp: string[] = [];
		const ended = watchDeadline(Date.now() + 20, () => givenUp.push('ended'));
		ended();
		const at = Date.now() + 50;
		const seenAt = await new Promise<number>((resolve) => {
			watchDeadline(at, () => resolve(Date.now()));
		});
		expect(seenAt).toBeGreaterThanOrEqual(at);
		expect(givenUp).toEqual([]);
	});
});
