import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/**
 * An item's failure under Continue On Fail is built in one place, nodes/shared/items/errorItem.ts
 * (`failedItem`): the error item's shape decides whether n8n's error output takes it, so a second
 * builder would drift from it. Every source file under nodes/ is parsed, and every object
 * literal that builds an error item is listed: one with an `error` field that is an item's
 * `json` (`json: { error }`, `const json = { error }`), or an item with both `json` and `error`
 * (n8n's `{ json: {}, error }`).
 */
const root = path.resolve(__dirname, '../..');
const HELPER = 'nodes/shared/items/errorItem.ts';

function sources(folder: string): string[] {
	return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
		const relative = `${folder}/${entry.name}`;
		if (entry.isDirectory()) return sources(relative);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative] : [];
	});
}

function propertyNames(literal: ts.ObjectLiteralExpression): string[] {
	return literal.properties.flatMap((property) =>
		(ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
		(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
			? [property.name.text]
			: [],
	);
}

/** Whether an object literal is an item's json: the value of a `json` field or of a `json` variable. */
function isItemJson(literal: ts.ObjectLiteralExpression): boolean {
	const parent = literal.parent;
	return (
		(ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) &&
		ts.isIdentifier(parent.name) &&
		parent.name.text === 'json'
	);
}

/** The error item literals of one file, as `file:line`. */
function errorItemLiterals(file: string, text = fs.readFileSync(path.join(root, file), 'utf8')) {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isObjectLiteralExpression(node)) {
			const names = propertyNames(node);
			if (
				(names.includes('error') && isItemJson(node)) ||
				(names.includes('error') && names.includes('json'))
			) {
				const { line } = source.getLineAndCharacterOfPosition(node.getStart());
				found.push(`${file}:${line + 1}`);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

describe('the error item under Continue On Fail', () => {
	it(`is built in ${HELPER} only, once`, () => {
		const found = sources('nodes').flatMap((file) => errorItemLiterals(file));
		expect(found).toHaveLength(1);
		expect(found[0]).toMatch(new RegExp(`^${HELPER}:\\d+$`));
	});

	it('is found by the scan in each form it can be written', () => {
		const forms = [
			"out.push({ json: { ...item.json, error: 'failed' }, pairedItem: { item: 0 } });",
			'const json = { error: message };',
			'return [{ json: { error }, pairedItem }];',
			'returnData.push({ json: {}, error: nodeError });',
		];
		for (const form of forms) expect(errorItemLiterals('form.ts', form)).toHaveLength(1);
		// Not an error item: a record's own note, an outcome of a read.
		expect(errorItemLiterals('other.ts', "const json = { fullRecordError: 'none' };")).toEqual([]);
		expect(errorItemLiterals('other.ts', "read.set(id, { error: 'gone' });")).toEqual([]);
	});
});
