// One step of a browser test as a check: passed unless it returns false or throws; a failed
// step leaves a screenshot `not-ok-<name>.png` in the test's screenshot folder.
import path from 'node:path';

import { check } from '../install-test/checks.mjs';

export function browserStep(shotsDir) {
	return async function step(page, name, what, run) {
		console.log(`# ${what}`);
		try {
			const result = await run();
			check(what, result !== false, 'the step returned false');
		} catch (error) {
			check(what, false, String(error.message).split('\n').slice(0, 4).join(' '));
			await page.screenshot({ path: path.join(shotsDir, `not-ok-${name}.png`) }).catch(() => {});
		}
	};
}
