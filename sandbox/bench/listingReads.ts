/**
 * Measures the sandbox's listing reads with the bench seed (default 10,000 published estates
 * added, `--scale-listings`): start, the whole estate list page by page, and records by id
 * with 5 in flight. The sandbox runs in a child process (the CLI) so that the client's own
 * work does not slow the server down; each figure is the time to the last byte received.
 *
 * Run: bash scripts/with-node24.sh ts-node --transpile-only sandbox/bench/listingReads.ts [listings] [records]
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const IN_FLIGHT = 5;
const PAGE_SIZE = 100;

async function main(): Promise<void> {
	const listings = process.argv[2] ?? '10000';
	const records = Number(process.argv[3] ?? '1000');
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
			'--scale-listings',
			listings,
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	await new Promise<void>((resolve, reject) => {
		child.stdout.on(
			'data',
			(chunk: Buffer) => chunk.toString().includes('Sandbox listening') && resolve(),
		);
		child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	console.log(
		`sandbox with ${listings} listings added ready after ${(performance.now() - started).toFixed(0)} ms (including ts-node start)`,
	);
	const authorization = 'Basic ' + Buffer.from('demo:demo-password').toString('base64');
	const get = async (path: string) => {
		const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization } });
		return { status: response.status, text: await response.text() };
	};
	try {
		const ids: string[] = [];
		let pages = 0;
		const listStart = performance.now();
		for (let index = 0; ; index++) {
			const { text } = await get(
				`/Advertising/Estate/M30011?paging.pageSize=${PAGE_SIZE}&paging.pageIndex=${index}`,
			);
			const rows = (JSON.parse(text) as { rows: Array<{ id: string }> }).rows;
			pages++;
			if (!rows.length) break;
			ids.push(...rows.map((row) => row.id));
		}
		const listMs = performance.now() - listStart;
		console.log(
			`GET /Advertising/Estate/M30011: ${ids.length} rows in ${pages} pages of ${PAGE_SIZE} (the last empty), ${listMs.toFixed(0)} ms, ${(listMs / pages).toFixed(1)} ms a page`,
		);
		const chosen = ids.slice(-records);
		let bytes = 0;
		let failed = 0;
		const readStart = performance.now();
		for (let i = 0; i < chosen.length; i += IN_FLIGHT) {
			const answers = await Promise.all(
				chosen.slice(i, i + IN_FLIGHT).map((id) => get(`/Advertising/Estate/M30011/${id}`)),
			);
			for (const { status, text } of answers) {
				bytes += text.length;
				if (status !== 200) failed++;
			}
		}
		const readMs = performance.now() - readStart;
		console.log(
			`GET /Advertising/Estate/M30011/{id}: ${chosen.length} records, ${IN_FLIGHT} in flight, ${failed} failed, ${readMs.toFixed(0)} ms, ${(readMs / chosen.length).toFixed(2)} ms a record, ${(bytes / chosen.length / 1000).toFixed(1)} kB each`,
		);
	} finally {
		child.kill('SIGTERM');
	}
}

void main();
