// The office's other tools as the examples call them, for the e2e (scripts/e2e.sh): a mailing
// tool whose subscribers carry the brokerage system's contact id (externalId), and a chat
// channel's incoming webhook. Loopback only; prints "Office tools listening on <url>".
//   node office-tools.mjs --port N
//   GET  /api/contacts                      the subscribers
//   PUT  /api/contacts                      replaces them ([{ email, externalId }]), for the test
//   PATCH /api/contacts?externalId=OLD      { externalId: NEW }: every subscriber carrying OLD
//   POST /hooks/<channel>                   { text }: a message to the channel
//   GET  /hooks/<channel>                   the channel's messages
import http from 'node:http';

const port = Number(process.argv[process.argv.indexOf('--port') + 1] || 0);
let subscribers = [];
const channels = new Map();

const readJson = async (request) => {
	const chunks = [];
	for await (const chunk of request) chunks.push(chunk);
	const text = Buffer.concat(chunks).toString('utf8');
	return text ? JSON.parse(text) : undefined;
};
const answer = (response, status, body) =>
	response
		.writeHead(status, { 'content-type': 'application/json' })
		.end(JSON.stringify(body ?? {}));

const server = http.createServer(async (request, response) => {
	try {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		if (url.pathname === '/api/contacts') {
			if (request.method === 'GET') return answer(response, 200, subscribers);
			if (request.method === 'PUT') {
				subscribers = await readJson(request);
				return answer(response, 200, subscribers);
			}
			if (request.method === 'PATCH') {
				const from = url.searchParams.get('externalId');
				const { externalId } = (await readJson(request)) ?? {};
				if (!from || typeof externalId !== 'string')
					return answer(response, 400, {
						message: 'externalId (query) and { externalId } (body) are required',
					});
				const changed = subscribers.filter((subscriber) => subscriber.externalId === from);
				for (const subscriber of changed) subscriber.externalId = externalId;
				return answer(response, 200, { changed: changed.length });
			}
		}
		const channel = /^\/hooks\/([\w-]+)$/.exec(url.pathname)?.[1];
		if (channel) {
			if (request.method === 'POST') {
				const message = await readJson(request);
				channels.set(channel, [...(channels.get(channel) ?? []), message]);
				return answer(response, 200, { ok: true });
			}
			if (request.method === 'GET') return answer(response, 200, channels.get(channel) ?? []);
		}
		answer(response, 404, { message: 'not found' });
	} catch (error) {
		answer(response, 400, { message: String(error?.message ?? error) });
	}
});
server.listen(port, '127.0.0.1', () =>
	console.log(`Office tools listening on http://127.0.0.1:${server.address().port}`),
);
