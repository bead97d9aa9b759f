import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RESULTS = path.join(__dirname, 'results.md');

/** The machine a bench ran on, and how busy it was (the load average is shared by everyone on it). */
export function machineLine(): string {
	const [one, five] = os.loadavg();
	return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average ${one.toFixed(1)} (1 min) / ${five.toFixed(1)} (5 min) at the end`;
}

/** Writes a bench's lines into bench/results.md between its two `<!-- name -->` markers (appended the first time). */
export function writeSection(name: string, lines: string[]): void {
	let before = '';
	try {
		before = readFileSync(RESULTS, 'utf8');
	} catch {
		// No results yet: the section starts the file.
	}
	const marker = `<!-- ${name} -->`;
	const section = `${marker}\n${lines.join('\n')}\n${marker}`;
	const pattern = new RegExp(`${marker}[\\s\\S]*?${marker}`);
	writeFileSync(RESULTS, pattern.test(before) ? before.replace(pattern, () => section) : `${before}${before ? '\n' : ''}${section}\n`);
}
