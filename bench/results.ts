import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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
	writeFileSync(
		RESULTS,
		pattern.test(before)
			? before.replace(pattern, () => section)
			: `${before}${before ? '\n' : ''}${section}\n`,
	);
}

setFlagsFromString('--expose-gc');
/** A full garbage collection, so no timed step pays for the garbage of the one before. */
export const collectGarbage = runInNewContext('gc') as () => void;

export const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const figure = (values: number[]) =>
	`median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`;
/** Ratio of the medians, and the median of each round's own ratio (its two steps ran seconds apart, so load drift over the run cancels). */
export const ratio = (a: number[], b: number[]) =>
	`${(median(a) / median(b)).toFixed(2)}× (rounds: ${median(a.map((value, round) => value / b[round])).toFixed(2)}×)`;

/**
 * The mean of the fastest quarter of a step's rounds. On a shared machine other work only ever
 * adds time, and a step's rounds differ by more than half again: its fastest rounds are the
 * nearest to its own cost.
 */
export const fastestQuarter = (values: number[]) => {
	const fastest = [...values].sort((x, y) => x - y).slice(0, Math.ceil(values.length / 4));
	return fastest.reduce((sum, value) => sum + value, 0) / fastest.length;
};
/** Ratio of the means of the fastest quarter of each step's rounds (fastestQuarter). */
export const quarterRatio = (a: number[], b: number[]) =>
	`${(fastestQuarter(a) / fastestQuarter(b)).toFixed(2)}×`;

/** Runs a bench's main, its failure printed and the exit status set. */
export function runBench(main: () => Promise<void>): void {
	main().catch((error: unknown) => {
		console.error(error);
		process.exitCode = 1;
	});
}
