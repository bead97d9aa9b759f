import path from 'node:path';

import type * as PauseModule from '../../nodes/shared/account/pause';

/**
 * The pause book of the package as n8n's loader loaded it (dist/, the same module registry as
 * the nodes of the test file): tests clear it between cases, as a restart of n8n would, and
 * give it a clock of their own for the speed limit.
 */
export function packagePause(): typeof PauseModule {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(
		path.resolve(__dirname, '../../dist/nodes/shared/account/pause.js'),
	) as typeof PauseModule;
}

/**
 * Forgets every pause and run of failures: a hostile case that tests what one failure says meets
 * the service afresh, where the process's pause book (account/pause.ts) would otherwise pause the
 * office after the first few failures (pause.test.ts tests that).
 */
export function meetServiceAfresh(): void {
	packagePause().pauses.clear();
}
