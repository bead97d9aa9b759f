// The mail smtp-receiver.mjs keeps, as a small page on 127.0.0.1 (`npm start` prints its address):
//   /                the messages, newest first: received, from, to, subject
//   /<n>             one message: its headers, and its HTML part (or its text)
//   /<n>/body        the HTML part alone, shown in a frame of /<n> with scripts, forms and
//                    outside requests off (Content-Security-Policy sandbox)
//   /<n>.eml         the message as sent, for a mail program
// It reads the folder on every request, so it shows what arrived while it ran. Other pages of
// `npm start` (posted-messages.mjs, try-examples.mjs) are served beside it: handlers given to
// startMailPage answer first, and every page links to the others.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { readMail } from './mail.mjs';

export const escape = (text) =>
	String(text).replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
	);

const STYLE = `body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd;vertical-align:top}th{background:#f4f4f4}
a{color:#0b57d0}.head{color:#555;line-height:1.6}iframe{width:100%;height:75vh;border:1px solid #ddd}pre{white-space:pre-wrap;margin:0}
nav{margin-bottom:12px}nav a{margin-right:16px}button{font:inherit;padding:6px 14px;cursor:pointer}.ok{color:#137333}.no{color:#b3261e}`;

/** A page of `npm start`'s local pages: the mail, the posted messages, the examples to set off. */
export function page(title, body, refresh = false) {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8">${refresh ? '<meta http-equiv="refresh" content="10">' : ''}<title>${escape(title)}</title><style>${STYLE}</style></head><body><nav><a href="/">Mail</a><a href="/posted">Posted messages</a><a href="/try">Try the examples</a></nav>${body}</body></html>`;
}

function received(dir, file) {
	return (
		fs.statSync(path.join(dir, file)).mtime.toISOString().replace('T', ' ').slice(0, 19) + ' UTC'
	);
}

function listPage(dir) {
	const messages = readMail(dir).reverse();
	const rows = messages.map(
		(m) =>
			`<tr><td>${escape(received(dir, m.file))}</td><td>${escape(m.from)}</td><td>${escape(m.to.join(', '))}</td><td><a href="/${escape(path.basename(m.file, path.extname(m.file)))}">${escape(m.subject || '(no subject)')}</a></td></tr>`,
	);
	const body = `<h1>Mail sent by n8n</h1><p class="head">What the workflows sent through the credential "SMTP account" (${messages.length} message${messages.length === 1 ? '' : 's'}; this page refreshes every 10 seconds). The files: ${escape(dir)}</p>
<table><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th></tr>${rows.join('') || '<tr><td colspan="4">Nothing yet: run a workflow that sends e-mail, such as the weekly report example.</td></tr>'}</table>`;
	return page('Mail sent by n8n', body, true);
}

function messagePage(message, number) {
	const head = ['From', 'To', 'Cc', 'Subject', 'Date']
		.filter((name) => message.headers[name.toLowerCase()])
		.map((name) => `${name}: <b>${escape(message.headers[name.toLowerCase()])}</b>`)
		.join('<br>');
	const content = message.html
		? `<iframe src="/${number}/body" title="The message"></iframe>`
		: `<pre>${escape(message.text)}</pre>`;
	return page(
		message.subject || 'Message',
		`<p><a href="/">All messages</a> · <a href="/${number}.eml">${number}.eml</a></p><p class="head">${head}</p>${content}`,
	);
}

/** Starts the page (and the handlers' pages: each resolves true when it answered); resolves with { port, close() } once it listens. */
export function startMailPage({ port = 0, dir, handlers = [] }) {
	const server = http.createServer(async (request, response) => {
		for (const handle of handlers) if (await handle(request, response)) return;
		const send = (status, type, body, headers = {}) => {
			response.writeHead(status, {
				'content-type': type,
				'cache-control': 'no-store',
				'x-content-type-options': 'nosniff',
				...headers,
			});
			response.end(body);
		};
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		if (request.method !== 'GET') return send(405, 'text/plain; charset=utf-8', 'Only GET');
		if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', listPage(dir));
		const match = /^\/(\d+)(\/body|\.eml)?$/.exec(url.pathname);
		const message =
			match && readMail(dir).find((m) => path.basename(m.file, path.extname(m.file)) === match[1]);
		if (!message) return send(404, 'text/plain; charset=utf-8', 'No such message');
		if (match[2] === '.eml') {
			const raw = message.file.endsWith('.eml')
				? fs.readFileSync(path.join(dir, message.file))
				: JSON.parse(fs.readFileSync(path.join(dir, message.file), 'utf8')).data;
			return send(200, 'message/rfc822', raw, {
				'content-disposition': `attachment; filename="${match[1]}.eml"`,
			});
		}
		if (match[2] === '/body') {
			return send(200, 'text/html; charset=utf-8', message.html, {
				'content-security-policy':
					"sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
			});
		}
		return send(200, 'text/html; charset=utf-8', messagePage(message, match[1]));
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () =>
			resolve({
				port: server.address().port,
				close: () => new Promise((done) => server.close(done)),
			}),
		);
	});
}
