// The messages smtp-receiver.mjs wrote, read back as { file, from, to, user, subject, headers, text, html }:
// headers unfolded and their encoded words decoded, MIME parts split, quoted-printable and
// base64 bodies decoded. Enough for what nodemailer sends.
import fs from 'node:fs';
import path from 'node:path';

function decodeWords(value) {
	return value
		.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset, encoding, text) =>
			/b/i.test(encoding)
				? Buffer.from(text, 'base64').toString('utf8')
				: Buffer.from(
						text
							.replace(/_/g, ' ')
							.replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
						'latin1',
					).toString('utf8'),
		)
		.replace(/\?=\s+=\?/g, '');
}

function splitHead(raw) {
	const end = raw.indexOf('\r\n\r\n');
	const head = end < 0 ? raw : raw.slice(0, end);
	const body = end < 0 ? '' : raw.slice(end + 4);
	const headers = {};
	for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(
				line.slice(colon + 1).trim(),
			);
	}
	return { headers, body };
}

function decodeBody(body, encoding = '') {
	if (/base64/i.test(encoding))
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (/quoted-printable/i.test(encoding)) {
		const bytes = body
			.replace(/=\r\n/g, '')
			.replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
		return Buffer.from(bytes, 'latin1').toString('utf8');
	}
	return body;
}

/** The text/plain and text/html parts of a MIME entity, however deeply nested. */
function parts(raw, found = { text: '', html: '' }) {
	const { headers, body } = splitHead(raw);
	const type = headers['content-type'] ?? 'text/plain';
	const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
	if (/^multipart\//i.test(type) && boundary) {
		for (const section of body.split(`--${boundary}`).slice(1)) {
			if (section.startsWith('--')) break;
			parts(section.replace(/^\r\n/, ''), found);
		}
	} else if (/^text\/html/i.test(type))
		found.html += decodeBody(body, headers['content-transfer-encoding']);
	else if (/^text\/plain/i.test(type))
		found.text += decodeBody(body, headers['content-transfer-encoding']);
	return found;
}

export function parseMessage(message) {
	const { headers } = splitHead(message.data);
	return {
		from: message.from,
		to: message.to,
		user: message.user,
		subject: headers.subject ?? '',
		headers,
		...parts(message.data),
	};
}

/** The addresses of a header (`"Name" <a@b>, c@d`). */
const addresses = (value = '') =>
	[...value.matchAll(/<([^>]+)>|([^\s,<>"]+@[^\s,<>"]+)/g)].map((match) => match[1] ?? match[2]);

/** A message as sent (an .eml file): sender and recipients from its headers, no login name. */
export function parseEml(text) {
	const { headers } = splitHead(text);
	return parseMessage({
		from: addresses(headers.from)[0] ?? '',
		to: addresses([headers.to, headers.cc].filter(Boolean).join(', ')),
		user: '',
		data: text,
	});
}

/** The messages of the folder (smtp-receiver.mjs's <n>.json, or <n>.eml with --eml), oldest first, each with its file name. */
export function readMail(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((name) => /^\d+\.(json|eml)$/.test(name))
		.sort()
		.map((name) => {
			const text = fs.readFileSync(path.join(dir, name), 'utf8');
			return {
				file: name,
				...(name.endsWith('.eml') ? parseEml(text) : parseMessage(JSON.parse(text))),
			};
		});
}
