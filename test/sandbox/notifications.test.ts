import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { estateOf, findContact, useTestSandbox } from './helpers';

/** The sandbox's notifications: subscriptions through the control API, sent to a receiver of the test's own on loopback. */
const sb = useTestSandbox();

interface Received {
	path: string;
	query: Record<string, string>;
	body: Record<string, unknown>;
	/** The body as sent, where it is not JSON. */
	text?: string;
}

function parsed(text: string): Pick<Received, 'body' | 'text'> {
	try {
		return { body: JSON.parse(text || '{}') };
	} catch {
		return { body: {}, text };
	}
}

/** A receiver that answers each request with the next status of `answers` (the last one repeats), or never with 'hold'. */
function receiver(answers: Array<number | 'hold'> = [200]) {
	const received: Received[] = [];
	const held: http.ServerResponse[] = [];
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const url = new URL(request.url ?? '/', 'http://127.0.0.1');
			received.push({
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				...parsed(Buffer.concat(chunks).toString('utf8')),
			});
			const answer = answers[Math.min(received.length - 1, answers.length - 1)];
			if (answer === 'hold') held.push(response);
			else response.writeHead(answer).end();
		});
	});
	return {
		received,
		async start() {
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		},
		async close() {
			for (const response of held) response.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

let hook: ReturnType<typeof receiver> | undefined;
afterEach(async () => await hook?.close());

async function subscribe(body: Record<string, unknown> = {}, answers?: Array<number | 'hold'>) {
	hook = receiver(answers);
	const base = await hook.start();
	const subscription = await sb.control.post('/subscriptions', {
		name: 'n8n',
		url: `${base}/webhook/abc/notification?secret=s3cret`,
		...body,
	});
	expect(subscription.status).toBe(200);
	return subscription.data as { id: string };
}

const deliveries = async () =>
	(await sb.control.get('/deliveries?settled=true')).data as {
		pending: number;
		deliveries: Array<{
			attempt: number;
			status: number;
			outcome: string;
			notification: Record<string, unknown>;
			body: string;
		}>;
	};

describe('sandbox notifications', () => {
	it('UpdatePerson sends Contact Update: the body, the same fields but data in the query, the URL keeping its own query', async () => {
		await subscribe({ targets: ['Contact'] });
		const contact = findContact(sb, 'Person', 'M30011', (candidate) => candidate.email !== '');
		// The duplicate rules find the person by e-mail: an update, answered with its id.
		const answer = await sb.demo.post('/Contacts/UpdatePerson', {
			customerId: 'M30011',
			firstName: contact.firstName,
			lastName: contact.lastName,
			email: { emailAddress: contact.email },
			note: 'Ringd',
		});
		expect([answer.status, answer.data]).toEqual([200, contact.id]);
		await deliveries();
		expect(hook!.received).toEqual([
			{
				path: '/webhook/abc/notification',
				query: {
					secret: 's3cret',
					name: 'n8n',
					type: 'Contact',
					event: 'Update',
					customerId: 'M30011',
					id: contact.id,
					subtype: 'Person',
					chainId: 'G2',
					tenantId: 'T1',
				},
				body: {
					name: 'n8n',
					type: 'Contact',
					event: 'Update',
					customerId: 'M30011',
					id: contact.id,
					subtype: 'Person',
					chainId: 'G2',
					tenantId: 'T1',
				},
			},
		]);
	});

	it('an estate status change sends Estate Update with data.status in the body only; the estate filters pick statuses and types', async () => {
		await subscribe({ targets: ['Estate'], estates: { statuses: ['ForSale'] } });
		const [coming, other] = [...sb.handle.store.estates.values()].filter(
			(estate) => estate.customerId === 'M30011' && estate.status !== 'ForSale',
		);
		await sb.control.post('/estateStatus', { estateId: coming.id, status: 'ForSale' });
		await sb.control.post('/estateStatus', { estateId: other.id, status: 'Sold' });
		await deliveries();
		expect(
			hook!.received.map(({ body, query }) => [body.id, body.subtype, body.data, query.data]),
		).toEqual([[coming.id, coming.type, { status: 'ForSale' }, undefined]]);
	});

	it('a bid sends EstateContact Update (Speculator) with the estate as relation; a booked appointment sends Meeting', async () => {
		await subscribe();
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const bid = (
			await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, { amount: '4150000' })
		).data;
		const agent = [...sb.handle.store.agents.values()].find(
			(candidate) => candidate.customerId.includes('M30011') && !candidate.archived,
		)!;
		const booked = await sb.demo.post(`/Appointment/M30011/${agent.userId}`, {
			subject: 'Visning',
			startsAt: '2026-06-17T17:00:00+02:00',
		});
		expect(booked.status).toBe(200);
		await deliveries();
		expect(
			hook!.received.map(({ body }) => [
				body.type,
				body.subtype,
				body.id,
				body.relId1,
				body.relType1,
				body.relId2,
			]),
		).toEqual([
			['EstateContact', 'Speculator', contact.id, estate.id, 'Estate', bid],
			['Meeting', null, expect.any(String), undefined, undefined, undefined],
		]);
	});

	it('a merge it is told to make sends one Merge: the contact kept, the merged ids in the body only; the merged contacts are gone', async () => {
		await subscribe();
		const [keep, first, second] = [...sb.handle.store.contacts.values()].filter(
			(contact) => contact.type === 'Person' && contact.customerId === 'M30011',
		);
		expect(
			(await sb.control.post('/merge', { keep: keep.id, merge: [first.id, second.id] })).status,
		).toBe(200);
		await deliveries();
		expect(hook!.received).toHaveLength(1);
		expect(hook!.received[0].body).toEqual({
			name: 'n8n',
			type: 'Merge',
			event: 'Merge',
			customerId: 'M30011',
			id: keep.id,
			subtype: 'Person',
			chainId: 'G2',
			tenantId: 'T1',
			destinationId: keep.id,
			sourceIds: [first.id, second.id],
		});
		expect(hook!.received[0].query.sourceIds).toBeUndefined();
		expect((await sb.demo.get(`/CRM/Contact/M30011/Person/${first.id}`)).status).toBe(404);
	});

	it("covers the subscription's customer only: another customer's subscription hears nothing of G2", async () => {
		await subscribe({ customerId: 'M40099' });
		await sb.control.post('/activity', { bids: 2, contactChanges: 2 });
		expect((await deliveries()).deliveries).toEqual([]);
	});

	it('demo activity notifies each bid and contact change once', async () => {
		await subscribe();
		const round = (
			await sb.control.post('/activity', { bids: 2, contactChanges: 1, interestApplications: 1 })
		).data;
		await deliveries();
		const ids = hook!.received
			.map(
				({ body }) =>
					`${String(body.type)}:${String(body.type === 'EstateContact' ? body.relId2 : body.id)}`,
			)
			.sort();
		expect(ids).toEqual(
			[
				...round.bids.map((id: string) => `EstateContact:${id}`),
				...[...round.contacts.created, ...round.contacts.changed].map(
					(id: string) => `Contact:${id}`,
				),
			].sort(),
		);
	});

	it('never retries by default: a 500 is one attempt', async () => {
		await subscribe({}, [500, 200]);
		await sb.control.post('/estateStatus', { estateId: estateOf(sb, 'M30011').id, status: 'Sold' });
		expect(
			(await deliveries()).deliveries.map(({ attempt, status, outcome }) => [
				attempt,
				status,
				outcome,
			]),
		).toEqual([[1, 500, 'refused']]);
	});

	it('with retries on, a 5xx is tried again; a 4xx and a time-out never are', async () => {
		await subscribe({ retryOn5xx: true, maxAttempts: 3, retryDelayMs: 0, timeoutMs: 300 }, [
			503,
			500,
			200,
			404,
			'hold',
		]);
		const estates = [...sb.handle.store.estates.values()]
			.filter((estate) => estate.customerId === 'M30011')
			.slice(0, 3);
		for (const estate of estates) {
			await sb.control.post('/estateStatus', { estateId: estate.id, status: 'Paused' });
			await deliveries();
		}
		expect(
			(await deliveries()).deliveries.map(({ attempt, status, outcome }) => [
				attempt,
				status,
				outcome,
			]),
		).toEqual([
			[1, 503, 'refused'],
			[2, 500, 'refused'],
			[3, 200, 'delivered'],
			[1, 404, 'refused'],
			[1, 0, 'timeout'],
		]);
	});

	it("a test notification sent by hand names no subscription, whatever the subscription's filters", async () => {
		const { id } = await subscribe({ targets: ['Contact'] });
		const sent = await sb.control.post(`/subscriptions/${id}/test`, {
			type: 'Estate',
			id: 'OBJ9_1',
		});
		expect(sent.data.map((delivery: { outcome: string }) => delivery.outcome)).toEqual([
			'delivered',
		]);
		expect(
			hook!.received.map(({ body }) => [
				body.name,
				body.type,
				body.id,
				body.customerId,
				body.chainId,
			]),
		).toEqual([[null, 'Estate', 'OBJ9_1', 'M30011', 'G2']]);
		expect(hook!.received[0].query.name).toBeUndefined();
	});

	it('the form of 2026-09-16: subType but for estates, the older relation types, Agent for User, no chainId or tenantId, in the body and the query', async () => {
		const { id } = await subscribe({ form: '2026-09-16' });
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const bid = (
			await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, { amount: '4150000' })
		).data;
		await sb.control.post('/estateStatus', { estateId: estate.id, status: 'Sold' });
		await sb.control.post('/activity', { contactChanges: 1, customerId: 'M30011' });
		await sb.control.post(`/subscriptions/${id}/test`, {
			type: 'User',
			id: 'HAN7BA6918E058CB5E6880102477295103F',
			subtype: null,
		});
		await deliveries();
		const [speculator, estateUpdate, contactUpdate, user] = hook!.received;
		expect(speculator.body).toEqual({
			name: 'n8n',
			type: 'EstateContactSpeculator',
			event: 'Update',
			customerId: 'M30011',
			id: contact.id,
			subType: null,
			relId1: estate.id,
			relType1: 'Estate',
			relId2: bid,
			relType2: 'Bid',
		});
		expect(speculator.query).toEqual({
			secret: 's3cret',
			name: 'n8n',
			type: 'EstateContactSpeculator',
			event: 'Update',
			customerId: 'M30011',
			id: contact.id,
			relId1: estate.id,
			relType1: 'Estate',
			relId2: bid,
			relType2: 'Bid',
		});
		expect(estateUpdate.body).toEqual({
			name: 'n8n',
			type: 'Estate',
			event: 'Update',
			customerId: 'M30011',
			id: estate.id,
			subtype: estate.type,
			data: { status: 'Sold' },
		});
		expect([
			contactUpdate.body.type,
			contactUpdate.body.subType,
			contactUpdate.query.subType,
			'subtype' in contactUpdate.body,
			'chainId' in contactUpdate.body,
		]).toEqual(['Contact', 'Person', 'Person', false, false]);
		expect([user.body.type, user.query.type]).toEqual(['Agent', 'Agent']);
	});

	it('trailingCommas: the next N notifications go with a trailing comma (not JSON), the query as always', async () => {
		await subscribe({ form: '2026-09-16', trailingCommas: 1 });
		const [first, second] = [...sb.handle.store.estates.values()].filter(
			(estate) => estate.customerId === 'M30011',
		);
		await sb.control.post('/estateStatus', { estateId: first.id, status: 'Sold' });
		await deliveries();
		await sb.control.post('/estateStatus', { estateId: second.id, status: 'Sold' });
		const log = await deliveries();
		expect(
			hook!.received.map(({ text, query }) => [text?.endsWith(',}') ?? false, query.id]),
		).toEqual([
			[true, first.id],
			[false, second.id],
		]);
		expect(() => JSON.parse(log.deliveries[0].body)).toThrow(SyntaxError);
		expect((await sb.control.get('/subscriptions')).data[0].trailingCommas).toBe(0);
	});

	it('a reset ends the subscriptions', async () => {
		await subscribe();
		await sb.handle.reset();
		await sb.control.post('/activity', { bids: 1 });
		expect((await sb.control.get('/subscriptions')).data).toEqual([]);
		expect((await deliveries()).deliveries).toEqual([]);
		expect(hook!.received).toEqual([]);
	});
});
