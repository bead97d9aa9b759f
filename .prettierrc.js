/**
 * Prettier with the settings of n8n's node starter (n8n-io/n8n-nodes-starter, `.prettierrc.js`):
 * tabs, single quotes, trailing commas, 100 columns. `npm run format` writes them; `npm run lint`
 * fails on a file that differs (`npm run format:check`).
 */
module.exports = {
	semi: true,
	trailingComma: 'all',
	bracketSpacing: true,
	useTabs: true,
	tabWidth: 2,
	arrowParens: 'always',
	singleQuote: true,
	quoteProps: 'as-needed',
	endOfLine: 'lf',
	printWidth: 100,
};
