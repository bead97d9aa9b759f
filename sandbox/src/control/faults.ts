import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, invalidField } from '../errors';
import { CONTROL_PREFIX, customerIdOf } from '../http/auth';
import { Random } from '../store/random';

export const FAULT_KINDS = [
	'status429',
	'status500',
	'status503',
	'delay',
	'hold',
	'drop',
	'malformedJson',
	'malformedXml',
	'okMessage',
	'helpPageTimes',
	'repeatRows',
	'closedOffice',
	'outage',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Faults that last until cleared unless a count is given: an office closed without notice
 * (every call for its customer id answers 403, as the live service does) and an outage (every
 * call answers 503; with share 1, hold and drop give time-outs and dropped connections).
 */
const LASTING: readonly FaultKind[] = ['closedOffice', 'outage'];
export interface FaultSpec {
	kind: FaultKind;
	/** Apply to the next N matching requests. Default 1 when no share is given, else unlimited. */
	count?: number;
	/** Apply to this random share (0..1) of matching requests, from a seeded PRNG. */
	share?: number;
	retryAfterSeconds?: number;
	delayMs?: number;
	/** Only requests whose raw path starts with this prefix. */
	pathPrefix?: string;
	/** closedOffice: the customer id (office, group, …) whose every call is refused. */
	customerId?: string;
}

export interface ActiveFault extends FaultSpec {
	id: number;
	remaining: number | null;
	applied: number;
}

declare module 'fastify' {
	interface FastifyRequest {
		malformed?: 'json' | 'xml';
		/** Set by a repeatRows fault: the answer's lists repeat rows. */
		repeatRows?: boolean;
	}
}

/** A row's own id: its `id` or `userId`, or the id of the lead or tip a report row is about. */
function ownId(row: Record<string, unknown>): unknown {
	const about = (row.lead ?? row.tip) as Record<string, unknown> | undefined;
	return row.id ?? row.userId ?? (about && typeof about === 'object' ? about.id : undefined);
}

const isRow = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A list as a paged answer can give it: every other row that carries its own id (the first,
 * third, …) listed again at the end. Rows without an id are left single: a repeated one could
 * not be told from a second record alike.
 */
function withRowsRepeated(list: unknown[]): unknown[] {
	const repeated = list.filter(
		(row, index) =>
			index % 2 === 0 && isRow(row) && ownId(row) !== undefined && ownId(row) !== null,
	);
	return [...list, ...repeated];
}

/** The answer's lists with rows repeated: the answer itself when it is a list, else each list among its fields. */
export function repeatRows(body: unknown): unknown {
	if (Array.isArray(body)) return withRowsRepeated(body);
	if (!isRow(body)) return body;
	return Object.fromEntries(
		Object.entries(body).map(([name, value]) => [
			name,
			Array.isArray(value) ? withRowsRepeated(value) : value,
		]),
	);
}

/** The fault list and the decision which faults a request gets. */
export class FaultInjector {
	private faults: ActiveFault[] = [];
	private nextId = 1;
	private random: Random;
	/** Requests held by a `hold` fault, let go when the faults are cleared. */
	private held: Array<() => void> = [];

	constructor(seed: number) {
		this.random = new Random(seed ^ 0x5eed);
	}

	reseed(seed: number): void {
		this.random = new Random(seed ^ 0x5eed);
	}

	add(spec: FaultSpec): ActiveFault {
		if (!FAULT_KINDS.includes(spec.kind))
			throw invalidField('kind', `must be one of: ${FAULT_KINDS.join(', ')}`);
		if (spec.share !== undefined && (spec.share < 0 || spec.share > 1))
			throw invalidField('share', 'must be between 0 and 1');
		if (spec.count !== undefined && (!Number.isInteger(spec.count) || spec.count < 1))
			throw invalidField('count', 'must be a positive integer');
		if (spec.kind === 'closedOffice' && !spec.customerId)
			throw invalidField('customerId', 'names the office whose calls are refused');
		const remaining =
			spec.count ?? (spec.share === undefined && !LASTING.includes(spec.kind) ? 1 : null);
		const fault: ActiveFault = { ...spec, id: this.nextId++, remaining, applied: 0 };
		this.faults.push(fault);
		return fault;
	}

	list(): ActiveFault[] {
		return this.faults;
	}

	/** Also lets every held request go on. */
	clear(): void {
		this.faults = [];
		for (const release of this.held.splice(0)) release();
	}

	/** Waits until the faults are cleared. */
	async hold(): Promise<void> {
		await new Promise<void>((release) => this.held.push(release));
	}

	/** Delay, hold, helpPageTimes and repeatRows faults all apply; of the others the first that matches applies. */
	select(path: string): {
		delayMs: number;
		hold: boolean;
		helpPageTimes: boolean;
		repeatRows: boolean;
		terminal?: ActiveFault;
	} {
		let delayMs = 0;
		let hold = false;
		let helpPageTimes = false;
		let repeatRows = false;
		let terminal: ActiveFault | undefined;
		for (const fault of this.faults) {
			if (fault.kind === 'closedOffice') continue;
			if (fault.pathPrefix && !path.startsWith(fault.pathPrefix)) continue;
			const waits =
				fault.kind === 'delay' ||
				fault.kind === 'hold' ||
				fault.kind === 'helpPageTimes' ||
				fault.kind === 'repeatRows';
			if (!waits && terminal) continue;
			if (fault.share !== undefined && this.random.next() >= fault.share) continue;
			fault.applied++;
			if (fault.remaining !== null) fault.remaining--;
			if (fault.kind === 'delay') delayMs += fault.delayMs ?? 1000;
			else if (fault.kind === 'hold') hold = true;
			else if (fault.kind === 'helpPageTimes') helpPageTimes = true;
			else if (fault.kind === 'repeatRows') repeatRows = true;
			else terminal = fault;
		}
		this.faults = this.faults.filter((f) => f.remaining === null || f.remaining > 0);
		return { delayMs, hold, helpPageTimes, repeatRows, terminal };
	}

	/** Whether a closed office refuses a call for this customer (counted as applied). */
	closedOffice(path: string, customerId: string | undefined): boolean {
		if (customerId === undefined) return false;
		const fault = this.faults.find(
			(f) =>
				f.kind === 'closedOffice' &&
				f.customerId === customerId &&
				(!f.pathPrefix || path.startsWith(f.pathPrefix)),
		);
		if (!fault) return false;
		fault.applied++;
		if (fault.remaining !== null) fault.remaining--;
		this.faults = this.faults.filter((f) => f.remaining === null || f.remaining > 0);
		return true;
	}
}

const STATUS_FAULTS: Partial<Record<FaultKind, [number, string]>> = {
	status429: [429, 'Too many requests. Try again later.'],
	status500: [500, 'An error has occurred.'],
	status503: [503, 'The service is temporarily unavailable.'],
	outage: [503, 'The service is temporarily unavailable.'],
};

/** A JSON answer's text with its rows repeated; any other answer as it is. */
function withRepeatedRows(payload: string, contentType: string): string {
	if (!contentType.includes('json')) return payload;
	try {
		return JSON.stringify(repeatRows(JSON.parse(payload)));
	} catch {
		return payload;
	}
}

export function registerFaults(app: FastifyInstance, faults: FaultInjector): void {
	app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
		if (request.url.startsWith(CONTROL_PREFIX)) return;
		const { delayMs, hold, helpPageTimes, repeatRows, terminal } = faults.select(
			(request.raw.url ?? request.url).split('?')[0],
		);
		if (helpPageTimes) request.timeForm = 'helpPage';
		if (repeatRows) request.repeatRows = true;
		if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
		if (hold) await faults.hold();
		if (!terminal) return;
		const status = STATUS_FAULTS[terminal.kind];
		if (status) {
			if (terminal.kind !== 'status500' && terminal.kind !== 'outage')
				reply.header('Retry-After', String(terminal.retryAfterSeconds ?? 1));
			else if (terminal.retryAfterSeconds !== undefined)
				reply.header('Retry-After', String(terminal.retryAfterSeconds));
			reply
				.code(status[0])
				.type('application/json; charset=utf-8')
				.send(JSON.stringify({ message: status[1] }));
			return reply;
		}
		// A gateway's or a proxy's 200 that is no answer of the service: no route runs.
		if (terminal.kind === 'okMessage') {
			reply.code(200).type('application/json; charset=utf-8').send('{"message":"OK"}');
			return reply;
		}
		if (terminal.kind === 'drop') {
			reply.hijack();
			request.raw.socket.destroy();
			return reply;
		}
		request.malformed = terminal.kind === 'malformedJson' ? 'json' : 'xml';
	});
	// The customer id is known once params, query and body are read; the office's calls are refused before any work.
	app.addHook('preValidation', async (request) => {
		if (request.url.startsWith(CONTROL_PREFIX)) return;
		const customerId = customerIdOf(request);
		if (faults.closedOffice((request.raw.url ?? request.url).split('?')[0], customerId))
			throw forbidden(`Access to customer ${customerId} is denied for this user.`);
	});
	// Rows repeated, then malformed bodies cut, after the route has done its work.
	app.addHook('onSend', async (request, reply, payload) => {
		const answer =
			request.repeatRows && typeof payload === 'string' && reply.statusCode === 200
				? withRepeatedRows(payload, String(reply.getHeader('content-type') ?? ''))
				: payload;
		if (!request.malformed) return answer;
		const real = typeof answer === 'string' ? answer : '';
		if (reply.statusCode === 204) reply.code(200);
		if (request.malformed === 'json') {
			reply.type('application/json; charset=utf-8');
			return real.length > 4
				? real.slice(0, Math.ceil(real.length / 2))
				: '{"message": "unterminated';
		}
		reply.type('application/xml; charset=utf-8');
		return '<?xml version="1.0" encoding="utf-8"?>\n<Response><Message>unterminated</Mess';
	});
}
