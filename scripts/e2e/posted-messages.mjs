// "Posted messages": the office's other tools as the examples call them, on loopback, so every
// example runs to its last node without a real chat or mailing tool, and what they would have
// received is readable on a page. Served beside the mail page by `npm start` (smtp-receiver.mjs
// --http), and on a port of its own for the end-to-end test (scripts/e2e/setup.sh).
//   POST  /chat/hooks/<channel>                      { text }: a message to a chat channel's incoming webhook;
//                                                    or multipart/form-data as a webhook that takes files
//                                                    (Discord's): payload_json (the message) and files[n]
//   GET   /chat/hooks/<channel>                      the channel's messages (their bodies)
//   GET   /posted/files/<message>/<n>                a posted file's bytes, as sent (its type as sent)
//   GET   /mailing-tool/api/contacts                 the mailing tool's subscribers ([{ email, externalId }])
//   PUT   /mailing-tool/api/contacts                 replaces them
//   PATCH /mailing-tool/api/contacts?externalId=OLD  { externalId: NEW }: every subscriber carrying OLD
//   GET   /posted                                    the page: every call above that changed something, newest first
//   GET   /posted.json                               the same as JSON
// With a folder, each posted message is also kept there as <n>.json (numbered on from what the
// folder holds, as the mail is), its files as <n>-<i>.bin, and the subscribers in
// subscribers.json, so a restart keeps them. A posted file is described on its message as
// { field, fileName, mimeType, size, sha256, url }.
//
//   node posted-messages.mjs --port N   prints "Posted messages listening on http://127.0.0.1:N"
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { escape, page } from './mail-page.mjs';

const readBytes = async (request) => {
	const chunks = [];
	for await (const chunk of request) chunks.push(chunk);
	return Buffer.concat(chunks);
};
const readJson = async (request) => {
	const text = (await readBytes(request)).toString('utf8');
	return text ? JSON.parse(text) : undefined;
};

/**
 * A multipart/form-data post as a chat webhook that takes files reads it: the message from
 * payload_json (else the text fields as they are), each file part with its bytes.
 */
async function readForm(request) {
	const form = await new Response(await readBytes(request), {
		headers: { 'content-type': request.headers['content-type'] },
	}).formData();
	const fields = {};
	const files = [];
	for (const [field, value] of form.entries()) {
		if (typeof value === 'string') fields[field] = value;
		else
			files.push({
				field,
				fileName: value.name,
				mimeType: value.type,
				bytes: Buffer.from(await value.arrayBuffer()),
			});
	}
	const body = fields.payload_json === undefined ? fields : JSON.parse(fields.payload_json);
	return { body, files };
}
const answer = (response, status, body) =>
	response
		.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
		.end(JSON.stringify(body ?? {}));

/** What each tool stands for on the page. */
const TOOLS = { chat: 'Chat channel', 'mailing-tool': 'Mailing tool' };

/** A posted file on the page: a picture drawn, any other file linked; each with its name, type and size. */
function fileShown(file) {
	const said = `${file.field}: ${file.fileName} (${file.mimeType}, ${file.size} bytes)`;
	return file.mimeType.startsWith('image/')
		? `<figure><img src="${escape(file.url)}" alt="${escape(file.fileName)}" style="width:240px;image-rendering:pixelated;border:1px solid #ddd"><figcaption>${escape(said)}</figcaption></figure>`
		: `<p><a href="${escape(file.url)}">${escape(said)}</a></p>`;
}

function postedPage(messages, subscribers) {
	const rows = messages
		.slice()
		.reverse()
		.map(
			(m) =>
				`<tr><td>${escape(m.at.replace('T', ' ').slice(0, 19))} UTC</td><td>${escape(TOOLS[m.tool] ?? m.tool)}</td><td><code>${escape(`${m.method} ${m.path}`)}</code></td><td><pre>${escape(JSON.stringify(m.body, null, 2))}</pre>${(m.files ?? []).map(fileShown).join('')}</td><td><pre>${escape(JSON.stringify(m.answer))}</pre></td></tr>`,
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
	/** The bytes of each posted file, by its url. */
	const fileBytes = new Map();
	let subscribers = [];
	let count = 0;
	if (dir) {
		fs.mkdirSync(dir, { recursive: true });
		for (const name of fs
			.readdirSync(dir)
			.filter((n) => /^\d+\.json$/.test(n))
			.sort()) {
			const message = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
			messages.push(message);
			count = Math.max(count, Number(name.slice(0, -5)));
			for (const [index, file] of (message.files ?? []).entries()) {
				const kept = path.join(dir, `${name.slice(0, -5)}-${index}.bin`);
				if (fs.existsSync(kept)) fileBytes.set(file.url, fs.readFileSync(kept));
			}
		}
		const kept = path.join(dir, 'subscribers.json');
		if (fs.existsSync(kept)) subscribers = JSON.parse(fs.readFileSync(kept, 'utf8'));
	}
	const keepSubscribers = () => {
		if (dir)
			fs.writeFileSync(path.join(dir, 'subscribers.json'), JSON.stringify(subscribers, null, 2));
	};
	const record = (tool, request, url, body, result, files = []) => {
		count += 1;
		const number = String(count).padStart(4, '0');
		const message = {
			at: new Date().toISOString(),
			tool,
			method: request.method,
			path: `${url.pathname}${url.search}`,
			body,
			...(files.length
				? {
						files: files.map((file, index) => ({
							field: file.field,
							fileName: file.fileName,
							mimeType: file.mimeType,
							size: file.bytes.length,
							sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
							url: `/posted/files/${number}/${index}`,
						})),
					}
				: {}),
			answer: result,
		};
		messages.push(message);
		for (const [index, file] of files.entries()) {
			fileBytes.set(message.files[index].url, file.bytes);
			if (dir) fs.writeFileSync(path.join(dir, `${number}-${index}.bin`), file.bytes);
		}
		if (dir) fs.writeFileSync(path.join(dir, `${number}.json`), JSON.stringify(message, null, 2));
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
			if (url.pathname.startsWith('/posted/files/') && request.method === 'GET') {
				const bytes = fileBytes.get(url.pathname);
				const file = messages.flatMap((m) => m.files ?? []).find((f) => f.url === url.pathname);
				if (!bytes || !file) answer(response, 404, { message: 'no such file' });
				else
					response
						.writeHead(200, { 'content-type': file.mimeType, 'cache-control': 'no-store' })
						.end(bytes);
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
					const multipart = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
					const { body, files } = multipart
						? await readForm(request)
						: { body: await readJson(request), files: [] };
					record('chat', request, url, body, { ok: true }, files);
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
