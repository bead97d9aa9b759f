/**
 * Lint with the rule sets n8n's package scanner applies: eslint-plugin-n8n-nodes-base
 * (community rules on package.json, credentials rules, nodes rules) and
 * @n8n/eslint-plugin-community-nodes (recommended).
 *
 * One rule is off: n8n-nodes-base's cred-class-field-documentation-url-miscased wants a
 * camelCase slug, which its own docs say applies only to nodes in n8n's main repository (it
 * points at docs.n8n.io); @n8n/community-nodes/credential-documentation-url, which n8n's
 * package verification runs, requires a real URL instead. The two cannot both hold; users
 * need the link that works.
 */
const tsParser = require('@typescript-eslint/parser');
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
const { n8nCommunityNodesPlugin } = require('@n8n/eslint-plugin-community-nodes');

const typescript = {
	languageOptions: {
		parser: tsParser,
		parserOptions: { ecmaVersion: 'latest', sourceType: 'module', extraFileExtensions: ['.json'] },
	},
};

module.exports = [
	{ ignores: ['dist/**', 'node_modules/**', '.cache/**', 'sandbox/**', 'test/**', 'scripts/**', 'bench/**', 'docs/**', '*.js'] },
	{ files: ['**/*.ts', 'package.json'], ...typescript },
	{
		files: ['package.json'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: n8nNodesBase.configs.community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.credentials.rules, 'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off' },
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: n8nNodesBase.configs.nodes.rules,
	},
	{ files: ['**/*.ts', 'package.json'], ...n8nCommunityNodesPlugin.configs.recommended },
];
