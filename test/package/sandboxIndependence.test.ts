import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The sandbox stands in for the real service, so it shares no code with the nodes: a mistake
 * in the nodes' XML codec, request building or checks must not also be the sandbox's behaviour.
 */
const root = path.resolve(__dirname, '../..');
const sandbox = path.join(root, 'sandbox');

function sourcesUnder(folder: string): string[] {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(full);
		return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
	});
}

/** Module specifiers of import/export-from, dynamic import() and require() in a source file. */
function specifiersOf(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	const pattern =
		/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
	return [...text.matchAll(pattern)].map((match) => match[1]);
}

describe('the sandbox shares no code with nodes/', () => {
	it('grep finds no import of nodes/ in sandbox/', () => {
		const pattern = String.raw`(from|import|require)[[:space:]]*\(?[[:space:]]*['"][^'"]*(^|/|\.)nodes(/|['"])`;
		let found = '';
		try {
			found = execFileSync(
				'grep',
				['-rEn', '--include=*.ts', '--include=*.js', pattern, 'sandbox'],
				{ cwd: root, encoding: 'utf8' },
			);
		} catch (error) {
			// grep exits 1 when nothing matches; anything else is a real failure.
			if ((error as { status?: number }).status !== 1) throw error;
		}
		expect(found).toBe('');
	});

	it('every relative import of a sandbox source stays inside sandbox/, and none names the package', () => {
		const files = sourcesUnder(sandbox);
		expect(files.length).toBeGreaterThan(20);
		const outside: string[] = [];
		for (const file of files) {
			for (const specifier of specifiersOf(file)) {
				const leaves =
					specifier.startsWith('.') &&
					path.relative(sandbox, path.resolve(path.dirname(file), specifier)).startsWith('..');
				if (leaves || specifier.startsWith('n8n-nodes-estate-broker'))
					outside.push(`${path.relative(root, file)}: ${specifier}`);
			}
		}
		expect(outside).toEqual([]);
	});
});
