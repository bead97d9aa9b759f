import { appendFileSync } from 'node:fs';

/**
 * Figures a suite gathers beside its assertions (polls made and failed, cases tried, shapes
 * covered): how much a run exercised, for a reader checking a suite's reach. They stay out of
 * `npm test`'s output, which shows passes and failures only; `ESTATE_TEST_FIGURES=<file>
 * npm test` writes them to that file, and test/harness/figuresReporter.js prints them after
 * the run.
 */
export function recordFigures(suite: string, figures: string): void {
	const file = process.env.ESTATE_TEST_FIGURES;
	if (file) appendFileSync(file, `${suite}: ${figures}\n`);
}
