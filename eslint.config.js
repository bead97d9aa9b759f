/**
 * Lint with the rule sets n8n's package scanner applies: eslint-plugin-n8n-nodes-base
 * (community rules on package.json, credentials rules, nodes rules) and
 * @n8n/eslint-plugin-community-nodes (recommended).
 *
 * Where the two sets contradict each other, the rule of @n8n/community-nodes (the set n8n's
 * package verification runs) wins and the older n8n-nodes-base rule is off:
 * - cred-class-field-documentation-url-miscased wants a camelCase slug (its docs: main
 *   repository only, it points at docs.n8n.io); credential-documentation-url wants a real URL.
 * - node-class-description-inputs-wrong-regular-node / -outputs-wrong want the string 'main';
 *   node-connection-type-literal wants NodeConnectionTypes.Main.
 * No form satisfies both of either pair.
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
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{ files: ['**/*.ts', 'package.json'], ...n8nCommunityNodesPlugin.configs.recommended },
];
