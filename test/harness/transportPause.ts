import path from 'node:path';

import type * as PauseModule from '../../nodes/shared/transport/pause';

/**
 * The pause book of the package as n8n's loader loaded it (dist/, the same module registry as
 * the nodes of the test file): tests clear it between cases, as a restart of n8n would, and
 * give it a clock of their own for the speed limit.
 */
export function packagePause(): typeof PauseModule {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(path.resolve(__dirname, '../../dist/nodes/shared/transport/pause.js')) as typeof PauseModule;
}
