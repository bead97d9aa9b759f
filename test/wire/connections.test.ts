import type net from 'node:net';
import zlib from 'node:zlib';

import type { IDataObject } from 'n8n-workflow';

import { FAILURE_MESSAGES } from '../../nodes/shared/failures';
import { runNode } from '../harness/engine';
import { type Answer, type HostileServer, startHostile } from '../harness/hostile';
import { packageNode } from '../harness/packageNodes';
import { meetServiceAfresh } from '../harness/transportPause';
import { poller } from '../nodes/trigger/poller';

/**
 * An answer the node stops reading (too large, declared or found so, or past its Timeout) closes
 * its connection: the service here never ends one, so only the node can close it, and a test whose
 * connection stays open waits until jest's time limit fails it. Left open, such connections pile
 * up in n8n's process, paused with unread bytes, one for every refused answer.
 */
const bidNode = packageNode('estateBrokerBid');
const TOO_LARGE = "The service's answer is larger than the node accepts (more than 1 MB)";

let service: HostileServer;
beforeAll(async () => {
	service = await startHostile();
});
afterAll(async () => {
	await service?.close();
});

/** 4 MiB of JSON text that gzip packs to a few KB. */
const inflating = zlib.gzipSync(Buffer.from(`[${'"x",'.repeat(1024 * 1024)}"x"]`));

/** The connection of the next request, and a promise kept once it is closed. */
function nextConnection(answer: Answer): Promise<Promise<void>> {
	return new Promise((connected) => {
		service.answer = (request, response) => {
			const socket: net.Socket = request.socket;
			connected(
				new Promise<void>((closed) =>
					socket.destroyed ? closed() : socket.once('close', () => closed()),
				),
			);
			answer(request, response);
		};
	});
}

const credentials = (overrides: IDataObject = {}) => ({
	baseUrl: service.url,
	username: 'office-user',
	password: 'office-password',
	customerId: 'M30011',
	...overrides,
});

async function getBid(requestOptions: IDataObject) {
	meetServiceAfresh();
	return await runNode({
		nodeType: bidNode,
		parameters: { resource: 'bid', operation: 'get', bidId: 'B1', requestOptions } as never,
		credentials: credentials(),
	});
}

const cases: Array<[string, Answer, IDataObject, string]> = [
	[
		'gzip declared larger than Largest Answer to Read, refused unread',
		(_request, response) => {
			response.writeHead(200, {
				'content-type': 'application/json',
				'content-encoding': 'gzip',
				'content-length': 2 * 1024 * 1024,
			});
			response.write(inflating);
		},
		{ maxAnswerSize: 1 },
		TOO_LARGE,
	],
	[
		'plain JSON declared larger than Largest Answer to Read, refused unread',
		(_request, response) => {
			response.writeHead(200, {
				'content-type': 'application/json',
				'content-length': 2 * 1024 * 1024,
			});
			response.write(`[${'"x",'.repeat(64 * 1024)}`);
		},
		{ maxAnswerSize: 1 },
		TOO_LARGE,
	],
	[
		'gzip of no declared length, inflating past Largest Answer to Read as it is read',
		(_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
			response.write(inflating);
		},
		{ maxAnswerSize: 1 },
		TOO_LARGE,
	],
	[
		'a body that trickles past the Timeout',
		(_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.write('[{"id":"');
			const drip = setInterval(() => response.write('x'), 50);
			response.on('close', () => clearInterval(drip));
		},
		{ timeout: 400 },
		FAILURE_MESSAGES.timeout,
	],
];

describe('an answer the node stops reading', () => {
	it.each(cases)(
		'%s: the node fails as it says, and the connection is closed',
		async (_name, answer, requestOptions, message) => {
			const connection = nextConnection(answer);
			const { error } = await getBid(requestOptions);
			expect(error?.message).toBe(message);
			await await connection;
		},
	);

	it('a body that stops part-way: the node fails at its Timeout, not waiting for bytes that never come', async () => {
		service.answer = (_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.write('[{"id":"');
		};
		const { error } = await getBid({ timeout: 400 });
		expect(error?.message).toBe(FAILURE_MESSAGES.timeout);
	});

	it('declared too large to the trigger: its poll fails, and the connection is closed', async () => {
		const connection = nextConnection(cases[0][1]);
		meetServiceAfresh();
		const run = await poller(
			{ credentials: (more: IDataObject = {}) => credentials(more) } as never,
			{ event: 'newBid', requestOptions: { maxAnswerSize: 1 } },
		).poll();
		expect(run.error?.message).toBe(TOO_LARGE);
		await await connection;
	});
});
