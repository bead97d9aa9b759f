/**
 * Fakes the date only: `Date` and `new Date()` read `now` (and move on with the real clock's
 * timers), while timers, ticks and performance stay real, so n8n's engine, the sandbox and the
 * package run as they do in production. Undo with `jest.useRealTimers()`.
 */
export function fakeDateOnly(now: string | number | Date): void {
	jest.useFakeTimers({
		doNotFake: [
			'nextTick',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
			'queueMicrotask',
			'hrtime',
			'performance',
		],
		now: typeof now === 'string' ? new Date(now) : now,
	});
}
