// "Posted messages": the office's other tools as the examples call them, on loopback, so every
// example runs to its last node without a real chat or mailing tool, and what they would have
// received is readable on a page. Served beside the mail page by `npm start` (smtp-receiver.mjs
// --http), and on a port of its own for the end-to-end test (scripts/e2e/setup.sh).
//   POST  /chat/hooks/<channel>                      { text }: a message to a chat channel's incoming webhook
//   GET   /chat/hooks/<channel>                      the channel's messages (their bodies)
//   GET   /mailing-tool/api/contacts                 the mailing tool's subscribers ([{ email, externalId }])
//   PUT   /mailing-tool/api/contacts                 replaces them
//   PATCH /mailing-tool/api/contacts?externalId=OLD  { externalId: NEW }: every subscriber carrying OLD
//   GET   /posted                                    the page: every call above that changed something, newest first
//   GET   /posted.json                               the same as JSON
// With a folder, each posted message is also kept there as <n>.json (numbered on from what the
// folder holds, as the mail is) and the subscribers in subscribers.json, so a restart keeps them.
//
//   node posted-messages.mjs --port N   prints "Posted messages listening on http://127.0.0.1:N"
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { escape, page } from './mail-page.mjs';

const readJson = async (request) => {
	const chunks = [];
	for await (const chunk of request) chunks.push(chunk);
	const text = Buffer.concat(chunks).toString('utf8');
	return text ? JSON.parse(text) : undefined;
};
const answer = (response, status, body) =>
	response
		.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
		.end(JSON.stringify(body ?? {}));

/** What each tool stands for on the page. */
const TOOLS = { chat: 'Chat channel', 'mailing-tool': 'Mailing tool' };

function postedPage(messages, subscribers) {
	const rows = messages
		.slice()
		.reverse()
		.map(
			(m) =>
				`<tr><td>${escape(m.at.replace('T', ' ').slice(0, 19))} UTC</td><td>${escape(TOOLS[m.tool] ?? m.tool)}</td><td><code>${escape(`${m.method} ${m.path}`)}</code></td><td><pre>${escape(JSON.stringify(m.body, null, 2))}</pre></td><td><pre>${escape(JSON.stringify(m.answer))}</pre></td></tr>`,
		);
	const people = subscribers.map(
		(s) => `<tr><td>${escape(s.email ?? '')}</td><td>${escape(s.externalId ?? '')}</td></tr>`,
	);
	return page(
		'Posted messages',
		`<h1>Posted messages</h1><p class="head">What the examples sent to the office's other tools: the chat channel's incoming webhook (new-listing example) and the mailing tool's API (contact-merges example). Nothing leaves this machine; in your own workflow put the real address in the HTTP Request node. ${messages.length} message${messages.length === 1 ? '' : 's'}; this page refreshes every 10 seconds.</p>
<table><tr><th>Received</th><th>Sent to</th><th>Request</th><th>Body</th><th>Answer</th></tr>${rows.join('') || '<tr><td colspan="5">Nothing yet: set off the new-listing or contact-merges example (<a href="/try">Try the examples</a>).</td></tr>'}</table>
<h2>The mailing tool's subscribers</h2><p class="head">Each carries the brokerage system's contact ID (<code>externalId</code>); the contact-merges example moves a merged ID to the kept contact.</p>
<table><tr><th>E-mail</th><th>Contact ID (externalId)</th></tr>${people.join('') || '<tr><td colspan="2">None yet.</td></tr>'}</table>`,
		true,
	);
}

/** The tools' state and a request handler: handle(request, response) answers and resolves true when the path is its own. */
export function createPostedMessages({ dir } = {}) {
	const messages = [];
	let subscribers = [];
	let count = 0;
	if (dir) {
		fs.mkdirSync(dir, { recursive: true });
		for (const name of fs
			.readdirSync(dir)
			.filter((n) => /^\d+\.json$/.test(n))
			.sort()) {
			messages.push(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
			count = Math.max(count, Number(name.slice(0, -5)));
		}
		const kept = path.join(dir, 'subscribers.json');
		if (fs.existsSync(kept)) subscribers = JSON.parse(fs.readFileSync(kept, 'utf8'));
	}
	const keepSubscribers = () => {
		if (dir)
			fs.writeFileSync(path.join(dir, 'subscribers.json'), JSON.stringify(subscribers, null, 2));
	};
	const record = (tool, request, url, body, result) => {
		const message = {
			at: new Date().toISOString(),
			tool,
			method: request.method,
			path: `${url.pathname}${url.search}`,
			body,
			answer: result,
		};
		messages.push(message);
		count += 1;
		if (dir)
			fs.writeFileSync(
				path.join(dir, `${String(count).padStart(4, '0')}.json`),
				JSON.stringify(message, null, 2),
			);
	};

	async function handle(request, response) {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		try {
			if (url.pathname === '/posted' && request.method === 'GET') {
				response
					.writeHead(200, {
						'content-type': 'text/html; charset=utf-8',
						'cache-control': 'no-store',
					})
					.end(postedPage(messages, subscribers));
				return true;
			}
			if (url.pathname === '/posted.json' && request.method === 'GET') {
				answer(response, 200, { messages, subscribers });
				return true;
			}
			if (url.pathname === '/mailing-tool/api/contacts') {
				if (request.method === 'GET') answer(response, 200, subscribers);
				else if (request.method === 'PUT') {
					subscribers = (await readJson(request)) ?? [];
					keepSubscribers();
					answer(response, 200, subscribers);
				} else if (request.method === 'PATCH') {
					const from = url.searchParams.get('externalId');
					const body = await readJson(request);
					if (!from || typeof body?.externalId !== 'string') {
						answer(response, 400, {
							message: 'externalId (query) and { externalId } (body) are required',
						});
						return true;
					}
					const changed = subscribers.filter((subscriber) => subscriber.externalId === from);
					for (const subscriber of changed) subscriber.externalId = body.externalId;
					keepSubscribers();
					record('mailing-tool', request, url, body, { changed: changed.length });
					answer(response, 200, { changed: changed.length });
				} else answer(response, 405, { message: 'GET, PUT or PATCH' });
				return true;
			}
			const channel = /^\/chat\/hooks\/([\w-]+)$/.exec(url.pathname)?.[1];
			if (channel) {
				if (request.method === 'POST') {
					const body = await readJson(request);
					record('chat', request, url, body, { ok: true });
					answer(response, 200, { ok: true });
				} else if (request.method === 'GET')
					answer(
						response,
						200,
						messages.filter((m) => m.tool === 'chat' && m.path === url.pathname).map((m) => m.body),
					);
				else answer(response, 405, { message: 'GET or POST' });
				return true;
			}
			return false;
		} catch (error) {
			answer(response, 400, { message: String(error?.message ?? error) });
			return true;
		}
	}

	/** A subscriber of the mailing tool, as the contact-merges story needs one (try-examples.mjs). */
	function addSubscriber(subscriber) {
		subscribers.push(subscriber);
		keepSubscribers();
	}

	return { handle, addSubscriber, messages: () => messages.slice() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const port = Number(process.argv[process.argv.indexOf('--port') + 1] || 0);
	const tools = createPostedMessages();
	const server = http.createServer(async (request, response) => {
		if (!(await tools.handle(request, response))) answer(response, 404, { message: 'not found' });
	});
	server.listen(port, '127.0.0.1', () =>
		console.log(`Posted messages listening on http://127.0.0.1:${server.address().port}`),
	);
	process.on('SIGTERM', () => process.exit(0));
	process.on('SIGINT', () => process.exit(0));
}
