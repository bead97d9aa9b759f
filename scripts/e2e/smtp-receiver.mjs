// A small SMTP server on 127.0.0.1 only, for the end-to-end tests and `npm start`: n8n's Send
// Email node (nodemailer) delivers to it, and each message is written to a folder, numbered on
// from what the folder already holds: as <n>.json ({ from, to, user, data }) for the checks to
// read (mail.mjs), or with --eml as <n>.eml, the message as sent, which any mail program opens.
// It speaks what nodemailer needs: EHLO/HELO, AUTH PLAIN and LOGIN (any password is taken; the
// user name is kept so a test can see the credential was used, the password never), MAIL, RCPT,
// DATA, RSET, NOOP, QUIT. No TLS: the credential sets "Disable STARTTLS" and nothing leaves loopback.
// With --http, a small page on 127.0.0.1 lists the messages and shows each (mail-page.mjs);
// `npm start` adds beside it the posted messages (--posted <folder>, posted-messages.mjs) and
// the page that sets off the examples (--try with the sandbox's and n8n's addresses, the
// notification secret's file, n8n's files folder and the examples' folder, try-examples.mjs).
//
//   node smtp-receiver.mjs --port <port> --dir <folder> [--eml] [--http <port> [--posted <folder>]
//       [--try --sandbox <url> --n8n <url> --secret-file <file> --files <folder> --examples <folder>]]
//   prints "Mail page on http://127.0.0.1:<port>/" (with --http), then "SMTP listening on <port>"
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The highest message number in the folder (0 when none): a new run goes on from there, overwriting nothing. */
function lastNumber(dir) {
	return Math.max(
		0,
		...fs.readdirSync(dir).map((name) => Number(/^(\d+)\.(json|eml)$/.exec(name)?.[1] ?? 0)),
	);
}

/** Starts the receiver; resolves with { port, close() } once it listens. */
export function startSmtpReceiver({ port = 0, dir, eml = false }) {
	fs.mkdirSync(dir, { recursive: true });
	let count = lastNumber(dir);
	const server = net.createServer((socket) => {
		socket.setEncoding('utf8');
		const reply = (line) => socket.write(`${line}\r\n`);
		let buffer = '';
		let envelope = { from: '', to: [], user: '' };
		let data = null;
		let awaiting = null;
		reply('220 e2e-smtp ESMTP ready');
		const command = (line) => {
			if (awaiting === 'login-user') {
				envelope.user = Buffer.from(line, 'base64').toString('utf8');
				awaiting = 'login-password';
				return reply('334 UGFzc3dvcmQ6');
			}
			if (awaiting === 'login-password') {
				awaiting = null;
				return reply('235 2.7.0 Authentication successful');
			}
			if (awaiting === 'plain') {
				awaiting = null;
				envelope.user = Buffer.from(line, 'base64').toString('utf8').split('\0')[1] ?? '';
				return reply('235 2.7.0 Authentication successful');
			}
			const [verb, ...rest] = line.split(' ');
			const argument = rest.join(' ');
			switch (verb.toUpperCase()) {
				case 'EHLO':
					socket.write(
						'250-e2e-smtp\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250-AUTH PLAIN LOGIN\r\n250 SIZE 10485760\r\n',
					);
					return;
				case 'HELO':
					return reply('250 e2e-smtp');
				case 'AUTH': {
					const [mechanism, initial] = argument.split(' ');
					if (/^plain$/i.test(mechanism)) {
						if (!initial) {
							awaiting = 'plain';
							return reply('334 ');
						}
						envelope.user = Buffer.from(initial, 'base64').toString('utf8').split('\0')[1] ?? '';
						return reply('235 2.7.0 Authentication successful');
					}
					if (/^login$/i.test(mechanism)) {
						if (initial) {
							envelope.user = Buffer.from(initial, 'base64').toString('utf8');
							awaiting = 'login-password';
							return reply('334 UGFzc3dvcmQ6');
						}
						awaiting = 'login-user';
						return reply('334 VXNlcm5hbWU6');
					}
					return reply('504 5.5.4 Unrecognized authentication type');
				}
				case 'MAIL':
					envelope.from = (/<([^>]*)>/.exec(argument) ?? [])[1] ?? '';
					envelope.to = [];
					return reply('250 2.1.0 Ok');
				case 'RCPT':
					envelope.to.push((/<([^>]*)>/.exec(argument) ?? [])[1] ?? '');
					return reply('250 2.1.5 Ok');
				case 'DATA':
					data = [];
					return reply('354 End data with <CR><LF>.<CR><LF>');
				case 'RSET':
					envelope = { from: '', to: [], user: envelope.user };
					return reply('250 2.0.0 Ok');
				case 'NOOP':
					return reply('250 2.0.0 Ok');
				case 'QUIT':
					reply('221 2.0.0 Bye');
					return socket.end();
				default:
					return reply('502 5.5.2 Command not recognized');
			}
		};
		socket.on('data', (chunk) => {
			buffer += chunk;
			let index;
			while ((index = buffer.indexOf('\r\n')) >= 0) {
				const line = buffer.slice(0, index);
				buffer = buffer.slice(index + 2);
				if (data === null) {
					command(line);
					continue;
				}
				if (line !== '.') {
					// Dot-stuffing (RFC 5321 4.5.2): a leading dot was doubled by the sender.
					data.push(line.startsWith('.') ? line.slice(1) : line);
					continue;
				}
				count += 1;
				const name = String(count).padStart(4, '0');
				if (eml) fs.writeFileSync(path.join(dir, `${name}.eml`), `${data.join('\r\n')}\r\n`);
				else
					fs.writeFileSync(
						path.join(dir, `${name}.json`),
						JSON.stringify({ ...envelope, data: data.join('\r\n') }, null, 2),
					);
				data = null;
				envelope = { from: '', to: [], user: envelope.user };
				reply('250 2.0.0 Ok: queued');
			}
		});
		socket.on('error', () => socket.destroy());
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			resolve({
				port: server.address().port,
				close: () => new Promise((done) => server.close(done)),
			});
		});
	});
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const arg = (name) => {
		const index = process.argv.indexOf(`--${name}`);
		return index > 0 ? process.argv[index + 1] : undefined;
	};
	const dir = arg('dir') ?? 'mail';
	if (arg('http') !== undefined) {
		const { startMailPage } = await import('./mail-page.mjs');
		const handlers = [];
		if (arg('posted') !== undefined) {
			const { createPostedMessages } = await import('./posted-messages.mjs');
			const posted = createPostedMessages({ dir: arg('posted') });
			handlers.push(posted.handle);
			if (process.argv.includes('--try')) {
				const { createTryExamples } = await import('./try-examples.mjs');
				handlers.push(
					createTryExamples({
						sandboxUrl: arg('sandbox'),
						n8nUrl: arg('n8n'),
						secretFile: arg('secret-file'),
						filesDir: arg('files'),
						examplesDir: arg('examples'),
						posted,
					}),
				);
			}
		}
		const page = await startMailPage({ port: Number(arg('http')), dir, handlers });
		console.log(`Mail page on http://127.0.0.1:${page.port}/`);
	}
	const receiver = await startSmtpReceiver({
		port: Number(arg('port') ?? 0),
		dir,
		eml: process.argv.includes('--eml'),
	});
	console.log(`SMTP listening on ${receiver.port}`);
	// Messages are on disk as soon as they are accepted: nothing to flush on the way out.
	process.on('SIGTERM', () => process.exit(0));
	process.on('SIGINT', () => process.exit(0));
}
