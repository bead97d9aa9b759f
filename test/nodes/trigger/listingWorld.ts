import { demoCredentials } from '../../harness/credentials';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * The service's published estates as a test server of the project's own, on loopback: the
 * estate list (`GET /Advertising/Estate/{customerId}`, pages from 0, `count` in pages, the
 * change filter `criteria.changedAtMinValue`) and the estate by id (404 once unpublished), as
 * advertising.md sections 4 to 6.1 describe them. The test moves its estates and its clock;
 * the server can fail a share of requests (seeded), and compare the change filter by instant or
 * by Swedish wall time, since which one the live service does is not known.
 */
export interface WorldEstate {
	id: string;
	/** Epoch ms. */
	changedAt: number;
	publishedAt: number;
	published: boolean;
	streetAddress: string;
	startingPrice: number;
	/** status.id; For Sale when left out. */
	status?: string;
	/** Viewings, their times epoch ms (written as the service writes times). */
	viewings?: Array<{ id: string; startsAt: number; endsAt: number }>;
	/** bidding.isActive; false when left out. */
	biddingActive?: boolean;
}

export type TimeForm = 'live' | 'helpPage';
export type FilterComparison = 'instant' | 'wallTime';
export type FaultKind = 'status500' | 'status503' | 'malformedJson' | 'drop' | 'status429';

export interface ListingWorldOptions {
	/** How times are written: the live service's bare Swedish wall time, or its help pages' seven digits and offset. */
	timeForm: TimeForm;
	/** How the change filter is compared with an estate's change time. */
	comparison: FilterComparison;
	seed: number;
}

/** What a test answers a read by id with instead of the estate: a status, or a 200 with this body. */
export type ReadHook = (estateId: string) => number | { body: unknown } | void;

export interface SeenListingRequest {
	path: string;
	query: Record<string, string>;
	/** The fault the server answered with, if any. */
	fault?: FaultKind;
}

const ZONE = 'Europe/Stockholm';

/** A service time as the service writes it: Swedish wall time with .NET's trimmed fraction, or seven digits and the offset. */
export function serviceText(millis: number, form: TimeForm): string {
	const swedish = DateTime.fromMillis(millis, { zone: ZONE });
	if (form === 'helpPage')
		return `${swedish.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS")}0000${swedish.toFormat('ZZ')}`;
	const fraction = swedish.toFormat('SSS').replace(/0+$/, '');
	return `${swedish.toFormat("yyyy-MM-dd'T'HH:mm:ss")}${fraction ? `.${fraction}` : ''}`;
}

/** Swedish wall time of an instant, fixed width, so wall times compare as text. */
const wallText = (millis: number) =>
	DateTime.fromMillis(millis, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS");

/** The instant a filter value names: its offset where it has one, else Swedish wall time. */
function filterInstant(text: string): number {
	const withOffset = DateTime.fromISO(text, { setZone: true });
	if (/(Z|[+-]\d\d:\d\d)$/.test(text)) return withOffset.toMillis();
	return DateTime.fromISO(text, { zone: ZONE }).toMillis();
}

function generator(seed: number) {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
}

export async function startListingWorld(options: ListingWorldOptions) {
	const estates = new Map<string, WorldEstate>();
	const requests: SeenListingRequest[] = [];
	const random = generator(options.seed);
	let faultShare = 0;
	const faultKinds: FaultKind[] = ['status500', 'status503', 'malformedJson', 'drop', 'status429'];
	/** Called before a page past the first is answered: a test can change estates while a poll pages. */
	let beforePage: ((pageIndex: number) => void) | undefined;
	/**
	 * Called before an estate is read by id: a test can unpublish it between the list and the
	 * read, or answer a status of its own, or a 200 of its own (`{ body }`: a gateway's "OK", a
	 * list, another estate).
	 */
	let beforeRead: ReadHook | undefined;

	const listed = () =>
		[...estates.values()]
			.filter((estate) => estate.published)
			.sort((a, b) => a.changedAt - b.changedAt || (a.id < b.id ? -1 : 1));

	function page(query: Record<string, string>) {
		const size = Number(query['paging.pageSize'] ?? 100);
		const index = Number(query['paging.pageIndex'] ?? 0);
		const min = query['criteria.changedAtMinValue'];
		let rows = listed();
		if (min !== undefined) {
			const from = filterInstant(min);
			rows = rows.filter((estate) =>
				options.comparison === 'instant'
					? estate.changedAt >= from
					: wallText(estate.changedAt) >= wallText(from),
			);
		}
		return {
			index,
			count: Math.ceil(rows.length / size),
			totalRowCount: rows.length,
			rows: rows.slice(index * size, index * size + size).map((estate) => ({
				id: estate.id,
				customerId: 'M30011',
				changedAt: serviceText(estate.changedAt, options.timeForm),
			})),
		};
	}

	/** An estate read by id, as the live service answers it (advertising.md section 7, in part). */
	function record(estate: WorldEstate) {
		return {
			id: estate.id,
			office: { id: 'FIR30011', customerId: 'M30011' },
			status: {
				id: estate.status ?? 'ForSale',
				name: (estate.status ?? 'ForSale') === 'ForSale' ? 'Till salu' : estate.status,
			},
			address: { streetAddress: estate.streetAddress, postalTown: 'Malmö' },
			price: { startingPrice: estate.startingPrice },
			marketing: {
				isPublished: true,
				publishedAt: serviceText(estate.publishedAt, options.timeForm),
			},
			images: [{ id: `MED${estate.id}`, extension: 'jpg' }],
			viewings: (estate.viewings ?? []).map((viewing) => ({
				id: viewing.id,
				startsAt: serviceText(viewing.startsAt, options.timeForm),
				endsAt: serviceText(viewing.endsAt, options.timeForm),
				comment: null,
				isDigital: false,
			})),
			bidding: { isActive: estate.biddingActive ?? false, isVerified: false, bids: [] },
			changedAt: serviceText(estate.changedAt, options.timeForm),
		};
	}

	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		const seen: SeenListingRequest = {
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
		};
		requests.push(seen);
		request.resume();
		request.on('end', () => {
			const send = (status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
				const text = typeof body === 'string' ? body : JSON.stringify(body);
				response.writeHead(status, {
					'Content-Type': 'application/json; charset=utf-8',
					...headers,
				});
				response.end(text);
			};
			if (faultShare > 0 && random() < faultShare) {
				const kind = faultKinds[Math.floor(random() * faultKinds.length)];
				seen.fault = kind;
				if (kind === 'drop') return request.socket.destroy();
				if (kind === 'malformedJson') return send(200, '{"index":0,"rows":[{"id":');
				if (kind === 'status429')
					return send(429, { message: 'Too many requests' }, { 'Retry-After': '0' });
				return send(kind === 'status500' ? 500 : 503, { message: 'Server error' });
			}
			const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
			if (parts[0] !== 'Advertising' || parts[1] !== 'Estate' || parts[2] !== 'M30011')
				return send(404, { message: 'Not found' });
			if (parts.length === 3) {
				const index = Number(seen.query['paging.pageIndex'] ?? 0);
				if (index > 0) beforePage?.(index);
				return send(200, page(seen.query));
			}
			const scripted = beforeRead?.(parts[3]);
			if (typeof scripted === 'number') return send(scripted, { message: 'Scripted failure' });
			if (scripted) return send(200, scripted.body);
			const estate = estates.get(parts[3]);
			if (parts.length !== 4 || !estate?.published)
				return send(404, { message: 'Estate not found' });
			return send(200, record(estate));
		});
	});
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	return {
		url,
		estates,
		requests,
		/** A share of all requests from now on fails, each by one of the five kinds (seeded). */
		setFaults(share: number) {
			faultShare = share;
		},
		onPage(hook: ((pageIndex: number) => void) | undefined) {
			beforePage = hook;
		},
		onRead(hook: ReadHook | undefined) {
			beforeRead = hook;
		},
		/** No estates, no requests seen, no faults, no hooks: the world as a test starts it. */
		reset() {
			estates.clear();
			requests.length = 0;
			faultShare = 0;
			beforePage = undefined;
			beforeRead = undefined;
		},
		publish(id: string, at: number) {
			estates.set(id, {
				id,
				changedAt: at,
				publishedAt: at,
				published: true,
				streetAddress: `Storgatan ${estates.size + 1}`,
				startingPrice: 1_000_000 + estates.size * 25_000,
			});
		},
		change(id: string, at: number) {
			const estate = estates.get(id)!;
			estate.changedAt = at;
			estate.startingPrice += 10_000;
		},
		/** Changes an estate's fields as an agent would, stamped `at`. */
		update(id: string, at: number, fields: Partial<Omit<WorldEstate, 'id' | 'changedAt'>>) {
			Object.assign(estates.get(id)!, fields, { changedAt: at });
		},
		unpublish(id: string, at: number) {
			const estate = estates.get(id)!;
			estate.published = false;
			estate.changedAt = at;
		},
		/** The estate as its read by id answers it now. */
		record(id: string) {
			return record(estates.get(id)!);
		},
		credentials(overrides: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
			return demoCredentials(url, overrides);
		},
		async close() {
			server.closeAllConnections();
			server.close();
			await once(server, 'close');
		},
	};
}

export type ListingWorld = Awaited<ReturnType<typeof startListingWorld>>;
