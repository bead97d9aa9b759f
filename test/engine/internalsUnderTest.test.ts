import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Which n8n-core and n8n-workflow the tests run against: the project's dev dependencies under
 * `npm test`, the installed n8n of one version of the matrix under `npm run test:internals`
 * (jest.internals.config.js maps them; N8N_INTERNALS_RUNTIME names that n8n's folder). Without
 * this a mapping that silently missed would test the dev dependencies three times.
 */
const ROOT = path.resolve(__dirname, '../..');
const runtime = process.env.N8N_INTERNALS_RUNTIME;

test.each(['n8n-core', 'n8n-workflow'])('%s is the one of the n8n under test', (name) => {
	const resolved = require.resolve(name);
	const expected = runtime
		? path.join(runtime, 'node_modules', name)
		: path.join(ROOT, 'node_modules', name);
	expect(resolved.startsWith(`${expected}${path.sep}`)).toBe(true);
	if (runtime) {
		// The very copy n8n itself loads (resolved from its own package).
		const fromN8n = createRequire(path.join(runtime, 'node_modules/n8n/package.json')).resolve(
			name,
		);
		expect(path.dirname(resolved)).toBe(path.dirname(fromN8n));
	}
});
