/**
 * The ESLint configuration of n8n's node CLI (`@n8n/node-cli/eslint`, version 0.48.3, the
 * config every package made with `n8n-node new` lints with), rebuilt here from the same
 * plugins: the CLI itself drags in an AI SDK, a browser driver and a second TypeScript, none
 * of which linting needs. Keep it in step with `dist/configs/eslint.js` of that package.
 *
 * - JavaScript and typescript-eslint recommended rules, import rules (eslint-plugin-import-x
 *   with the TypeScript resolver), `no-console` as an error;
 * - @n8n/eslint-plugin-community-nodes recommended (the rules n8n's package scanner runs);
 * - eslint-plugin-n8n-nodes-base: its community rules on package.json, credentials rules,
 *   nodes rules, with the CLI's own exceptions.
 *
 * The scanner's lint (scripts/scan-lint.mjs, `npm run lint:scan`) runs on top of this over
 * the sources and over the packed tarball's JavaScript, with the scanner's own config.
 */
const js = require('@eslint/js');
const { n8nCommunityNodesPlugin } = require('@n8n/eslint-plugin-community-nodes');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const importX = require('eslint-plugin-import-x');
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
const tseslint = require('typescript-eslint');

const communityNodesRecommended = n8nCommunityNodesPlugin.configs.recommended;

module.exports = tseslint.config(
	// Not published, not linted by n8n: the build output, tests, the sandbox, scripts.
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'.cache/**',
			'sandbox/**',
			'test/**',
			'scripts/**',
			'bench/**',
			'docs/**',
			'*.js',
			'*.mjs',
		],
	},
	{
		files: ['**/*.ts'],
		extends: [
			js.configs.recommended,
			tseslint.configs.recommended,
			communityNodesRecommended,
			importX.flatConfigs.recommended,
		],
		rules: {
			'prefer-spread': 'off',
			'no-console': 'error',
		},
	},
	{
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		settings: {
			'import-x/resolver-next': [createTypeScriptImportResolver()],
		},
	},
	{
		files: ['package.json'],
		extends: [communityNodesRecommended],
		rules: {
			...n8nNodesBase.configs.community.rules,
		},
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: {
				extraFileExtensions: ['.json'],
			},
		},
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// A slug for n8n's own documentation site: not valid for community nodes.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			// @n8n/community-nodes' credential-password-field is the more accurate rule.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Inputs and outputs are NodeConnectionTypes.Main, as node-connection-type-literal wants.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			// The service has real maximums (maxSize 1000), so maxValue is valid.
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
);
