import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { SandboxStore } from '../../../sandbox/src';

/** Records of the seeded sandbox an estates test works on, all of office M30011. */
export function estateFixtures(store: SandboxStore) {
	const agents = [...store.agents.values()].filter(
		(agent) => agent.customerId.includes('M30011') && !agent.archived,
	);
	const persons = [...store.contacts.values()].filter(
		(contact) => contact.customerId === 'M30011' && contact.type === 'Person',
	);
	const estatesOf = (type: string) =>
		[...store.estates.values()].filter(
			(estate) => estate.customerId === 'M30011' && estate.type === type,
		);
	return {
		agentId: agents[0].userId,
		otherAgentId: agents[1].userId,
		contactIds: persons.slice(0, 3).map((person) => person.id),
		condominium: estatesOf('Condominium')[0],
		cottage: estatesOf('Cottage')[0],
	};
}

export interface RawRequest {
	method: string;
	path: string;
	contentType: string;
	body: string;
}

/**
 * A loopback pass-through in front of the sandbox that keeps each request body as the text
 * that went over the wire, so a test can read the XML a node wrote (the sandbox's own log
 * shows bodies decoded).
 */
export async function startWireCapture(targetUrl: string) {
	const target = new URL(targetUrl);
	const seen: RawRequest[] = [];
	const server = http.createServer((incoming, outgoing) => {
		const chunks: Buffer[] = [];
		incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
		incoming.on('end', () => {
			const body = Buffer.concat(chunks);
			seen.push({
				method: incoming.method ?? '',
				path: incoming.url ?? '',
				contentType: String(incoming.headers['content-type'] ?? ''),
				body: body.toString('utf8'),
			});
			const forward = http.request(
				{
					host: target.hostname,
					port: target.port,
					method: incoming.method,
					path: incoming.url,
					headers: { ...incoming.headers, host: target.host },
				},
				(answer) => {
					outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(outgoing);
				},
			);
			forward.on('error', () => outgoing.destroy());
			forward.end(body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		seen,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
