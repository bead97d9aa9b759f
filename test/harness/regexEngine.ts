import type { RegexEngine } from 'n8n-workflow';
import { setSafeRegexEngine } from 'n8n-workflow';

/**
 * n8n-workflow runs regular expressions from node descriptions (a picker's By ID validation)
 * in a vm with a 250 ms wall-clock limit, against catastrophic patterns. On a loaded machine a
 * scheduling pause alone passes 250 ms, and a valid ID fails with "Regular expression execution
 * timed out": a timing inside a test. Tests run the same expressions, with the same flags, on
 * the process's own engine. The package's only such pattern is ONE_ID (`[^\s,]*`), linear.
 */
const sameExpressionsWithoutClock: RegexEngine = {
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
};

setSafeRegexEngine(sameExpressionsWithoutClock);
