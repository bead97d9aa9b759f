/**
 * The tests of the n8n internals the package mirrors (scripts/internals-test.sh, npm run
 * test:internals), with n8n-core, n8n-workflow and n8n's expression runtime taken from the
 * installed n8n of one version of the matrix (N8N_INTERNALS_RUNTIME, its folder)
 * instead of the project's dev dependencies: what that n8n runs is what is compared.
 */
const path = require('node:path');
const base = require('./jest.config.js');

const runtime = process.env.N8N_INTERNALS_RUNTIME;
if (!runtime)
	throw new Error('N8N_INTERNALS_RUNTIME is not set: run this through scripts/internals-test.sh');
const from = (name) => path.join(runtime, 'node_modules', name);

module.exports = {
	...base,
	testMatch: [
		'<rootDir>/test/engine/itemParameters.test.ts',
		'<rootDir>/test/wire/requestOptions.test.ts',
		'<rootDir>/test/nodes/contacts/upsertCustomOperation.test.ts',
		'<rootDir>/test/nodes/advertising/customOperation.test.ts',
		'<rootDir>/test/nodes/contacts/customOperation.test.ts',
		'<rootDir>/test/engine/internalsUnderTest.test.ts',
		'<rootDir>/test/nodes/notificationTrigger/n8nBodyParser.internals.ts',
	],
	moduleNameMapper: {
		'^n8n-core$': from('n8n-core'),
		'^n8n-workflow$': from('n8n-workflow'),
		'^n8n-workflow/(.*)$': `${from('n8n-workflow')}/$1`,
		'^@n8n/expression-runtime$': from('@n8n/expression-runtime'),
	},
};
