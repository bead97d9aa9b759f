import type { AddressInfo } from 'node:net';
import { buildServer } from './server';
import { DEFAULT_SCALE, DEFAULT_SEED } from './seed';
import { performActivity, type ActivityRequest } from './domain/activity';
import type { SandboxStore } from './store/store';
import type { TimeForm } from './http/serviceTime';

export { TIME_FORMS, type TimeForm } from './http/serviceTime';

export { SANDBOX_API_KEY_HEADER, SANDBOX_USERS, type SandboxUser } from './users';
export type { SandboxStore } from './store/store';
export type * from './store/types';
export type { ActivityRequest, ActivityResult } from './domain/activity';

export interface SandboxOptions {
	/** 0 = a random free port. Default 0. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** `listings`: published estates added for the bench (sandbox/README.md). */
	scale?: { bids?: number; contacts?: number; listings?: number };
	/** Demo activity every N ms; undefined = none. */
	activityIntervalMs?: number;
	seed?: number;
	/** Reference time of the seed (default: the clock's now). Fix it for byte-identical seeds. */
	now?: Date | string;
	/**
	 * The sandbox's clock in epoch ms, read for every runtime change and every "now" in an
	 * answer. Default: with `now` given, a clock that starts there and runs at the real pace
	 * (so a test's sandbox lives at the test's time, whatever the real date); without, the
	 * process clock. A test that fakes Date passes `() => Date.now()`.
	 */
	clock?: () => number;
	/**
	 * How answers write times (sandbox/README.md): 'live' (default), Swedish wall time without
	 * an offset as the live service writes it; 'helpPage', with seven digits and +01:00/+02:00.
	 */
	timeForm?: TimeForm;
	/** Activity per demo round; default one of each plus three live-data events. */
	activityRound?: ActivityRequest;
}

export interface SandboxHandle {
	/** http://127.0.0.1:PORT */
	url: string;
	port: number;
	close(): Promise<void>;
	/** Back to the seed; clears the request log and faults. */
	reset(): Promise<void>;
	/** The live store; the same object across resets. */
	store: SandboxStore;
}

export const DEFAULT_ACTIVITY_ROUND: ActivityRequest = {
	bids: 1,
	hiddenBids: 0,
	interestApplications: 1,
	contactChanges: 1,
	liveData: 3,
};

/**
 * Demo rounds between two steps of a published estate's life when the round does not say:
 * one a minute at the default interval of 5 s, so an estate goes from For Sale to Sold over
 * some minutes, as a poll every minute sees each step.
 */
export const ROUNDS_PER_LISTING_STEP = 12;

/** A clock that starts at `start` and runs at the pace of the monotonic clock. */
function clockFrom(start: Date): () => number {
	const startedAt = performance.now();
	return () => start.getTime() + Math.round(performance.now() - startedAt);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
	const clock =
		options.clock ??
		(options.now !== undefined ? clockFrom(new Date(options.now)) : () => Date.now());
	const { app, runtime } = buildServer(
		{
			seed: options.seed ?? DEFAULT_SEED,
			scale: {
				bids: options.scale?.bids ?? DEFAULT_SCALE.bids,
				contacts: options.scale?.contacts ?? DEFAULT_SCALE.contacts,
				listings: options.scale?.listings ?? DEFAULT_SCALE.listings,
			},
			now: options.now !== undefined ? new Date(options.now) : new Date(clock()),
			clock,
		},
		options.timeForm ?? 'live',
	);
	const host = options.host ?? '127.0.0.1';
	await app.listen({ port: options.port ?? 0, host });
	const port = (app.server.address() as AddressInfo).port;
	let timer: NodeJS.Timeout | undefined;
	if (options.activityIntervalMs !== undefined) {
		let round = 0;
		timer = setInterval(() => {
			const request = options.activityRound ?? DEFAULT_ACTIVITY_ROUND;
			round++;
			performActivity(
				runtime.store,
				request.listingLifeSteps === undefined && round % ROUNDS_PER_LISTING_STEP === 0
					? { ...request, listingLifeSteps: 1 }
					: request,
			);
		}, options.activityIntervalMs);
		timer.unref();
	}
	const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
	return {
		url: `http://${urlHost}:${port}`,
		port,
		store: runtime.store,
		async close() {
			if (timer) clearInterval(timer);
			await app.close();
		},
		async reset() {
			runtime.reset();
		},
	};
}
