/**
 * Measures GET /CRM/Bids/{customerId} with a large seed (default 100,000 bids, 50,000 contacts).
 * The sandbox runs in a child process (the CLI) so that the client's own work does not slow
 * the server down; the figure is the time from sending the request to the last byte received.
 *
 * Run: bash scripts/with-node24.sh ts-node --transpile-only sandbox/bench/bidList.ts [bids] [contacts]
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

async function main(): Promise<void> {
	const bids = process.argv[2] ?? '100000';
	const contacts = process.argv[3] ?? '50000';
	const port = 18000 + Math.floor(Math.random() * 2000);
	const started = performance.now();
	const child = spawn(
		process.execPath,
		[
			require.resolve('ts-node/dist/bin.js'),
			'--transpile-only',
			join(__dirname, '../src/cli.ts'),
			'--port',
			String(port),
			'--scale-bids',
			bids,
			'--scale-contacts',
			contacts,
		],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	await new Promise<void>((resolve, reject) => {
		child.stdout.on(
			'data',
			(chunk: Buffer) => chunk.toString().includes('Sandbox listening') && resolve(),
		);
		child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	console.log(
		`sandbox with ${bids} bids and ${contacts} contacts ready after ${(performance.now() - started).toFixed(0)} ms (including ts-node start)`,
	);
	const authorization = 'Basic ' + Buffer.from('demo:demo-password').toString('base64');
	try {
		for (const customerId of ['G2', 'M30011', 'G2', 'M30011', 'G2']) {
			const t0 = performance.now();
			const response = await fetch(`http://127.0.0.1:${port}/CRM/Bids/${customerId}`, {
				headers: { authorization },
			});
			const text = await response.text();
			const elapsed = performance.now() - t0;
			const count = (text.match(/"id":/g) ?? []).length;
			console.log(
				`GET /CRM/Bids/${customerId}: ${response.status}, ${count} bids, ${(text.length / 1e6).toFixed(1)} MB, ${elapsed.toFixed(0)} ms to the last byte`,
			);
		}
	} finally {
		child.kill('SIGTERM');
	}
}

void main();
