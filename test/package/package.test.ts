import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const REPOSITORY = 'https://github.com/estate-broker/n8n-nodes-estate-broker';

/** The anchors GitHub gives the README's headings: lower case, punctuation dropped, spaces to hyphens. */
function readmeAnchors(readme: string): Set<string> {
	const headings = readme.split('\n').filter((line) => /^#{1,6} /.test(line));
	return new Set(
		headings.map((line) =>
			line
				.replace(/^#+ /, '')
				.trim()
				.toLowerCase()
				.replace(/[^\p{L}\p{N}\s_-]/gu, '')
				.replace(/\s/g, '-'),
		),
	);
}

function filesUnder(folder: string): string[] {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		return entry.isDirectory() ? filesUnder(full) : [full];
	});
}

describe('the published package (npm test builds dist/ first)', () => {
	it('declares no runtime dependencies and publishes only what n8n loads', () => {
		expect(manifest.dependencies).toBeUndefined();
		expect(manifest.main).toBeUndefined();
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(manifest.keywords).toContain('n8n-community-node-package');
		const packed = JSON.parse(
			execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
				cwd: root,
				encoding: 'utf8',
			}),
		);
		const names: string[] = packed[0].files.map((file: { path: string }) => file.path);
		// The compiled nodes and credential, their codex files and icons; no declarations, source
		// maps (of sources that are not shipped) or build leftovers.
		expect(
			names
				.filter((name) => !/^dist\/(nodes|credentials)\/.+\.(js|node\.json|svg)$/.test(name))
				.sort(),
		).toEqual(['CHANGELOG.md', 'LICENSE.md', 'README.md', 'package.json']);
		expect(names).toContain('dist/nodes/shared/xml/vendor/fast-xml-parser.js');
		const built = filesUnder(path.join(root, 'dist'))
			.map((file) => path.relative(root, file))
			.filter((name) => /\.(js|node\.json|svg)$/.test(name));
		expect(built.filter((name) => !names.includes(name))).toEqual([]);
	});

	it('names a real author and repository, and has this version in CHANGELOG.md', () => {
		expect(manifest.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
		expect(manifest.author.email).not.toMatch(/\.(invalid|example|test)$/);
		expect(manifest.repository.url).toBe(`git+${REPOSITORY}.git`);
		expect(manifest.homepage).toBe(`${REPOSITORY}#readme`);
		const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
		expect(changelog).toMatch(
			new RegExp(`^## \\[?${manifest.version.replace(/\./g, '\\.')}\\b`, 'm'),
		);
	});

	it("points every documentation link at a heading of the README (GitHub's anchors)", () => {
		const anchors = readmeAnchors(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
		const { EstateBrokerApi } = require(
			path.join(root, 'dist/credentials/EstateBrokerApi.credentials.js'),
		);
		const links: Array<[string, string]> = [
			['credential documentationUrl', new EstateBrokerApi().documentationUrl],
		];
		for (const file of manifest.n8n.nodes as string[]) {
			const codex = JSON.parse(
				fs.readFileSync(path.join(root, file.replace(/\.js$/, '.json')), 'utf8'),
			);
			expect(codex.resources.credentialDocumentation).toHaveLength(1);
			expect(codex.resources.primaryDocumentation).toHaveLength(1);
			for (const kind of ['credentialDocumentation', 'primaryDocumentation'])
				links.push([`${file} ${kind}`, codex.resources[kind][0].url]);
		}
		for (const [where, url] of links) {
			const [base, anchor] = url.split('#');
			expect({ where, base }).toEqual({ where, base: REPOSITORY });
			expect({ where, anchor: anchors.has(anchor) || anchor === 'readme' }).toEqual({
				where,
				anchor: true,
			});
		}
		expect(links.find(([where]) => where === 'credential documentationUrl')?.[1]).toBe(
			`${REPOSITORY}#credentials`,
		);
	});

	it('carries the XML library inside dist and needs nothing else at run time', () => {
		const requires = filesUnder(path.join(root, 'dist'))
			.filter((file) => file.endsWith('.js'))
			.flatMap((file) =>
				[...fs.readFileSync(file, 'utf8').matchAll(/require\("([^".][^"]*)"\)/g)].map(
					(match) => match[1],
				),
			);
		// What n8n itself provides to community nodes (the list of @n8n/community-nodes/no-restricted-imports).
		const providedByN8n = ['n8n-workflow', 'lodash', 'moment', 'p-limit', 'luxon', 'zod', 'crypto'];
		const external = [...new Set(requires)].filter(
			(name) => !name.startsWith('node:') && !providedByN8n.includes(name.split('/')[0]),
		);
		expect(external).toEqual([]);
		// The bundled parser works from dist alone.
		const script = `const { buildXml, parseXml } = require(${JSON.stringify(path.join(root, 'dist/nodes/shared/xml'))});
			const item = { id: 'C1', sellers: ['S1'], price: { startingPrice: 100 } };
			process.stdout.write(JSON.stringify(parseXml(buildXml(item, { rootName: 'CmsCondominium' }))));`;
		const output = execFileSync(process.execPath, ['-e', script], {
			cwd: '/',
			env: { PATH: process.env.PATH, NODE_PATH: '' },
			encoding: 'utf8',
		});
		expect(JSON.parse(output)).toEqual({
			id: 'C1',
			sellers: ['S1'],
			price: { startingPrice: 100 },
		});
	});

	it('ships every node at version 1, its only version, but the Notification Trigger (1.1: n8n evaluates an expression per request for any webhook node at version 1)', async () => {
		const loader = new PackageDirectoryLoader(root);
		await loader.loadAll();
		const versions = Object.fromEntries(
			Object.values(loader.nodeTypes).map(({ type }) => {
				const { name, version, defaultVersion } = type.description as {
					name: string;
					version?: number | number[];
					defaultVersion?: number;
				};
				return [
					name,
					{
						version,
						defaultVersion,
						versions: 'nodeVersions' in type ? Object.keys(type.nodeVersions) : undefined,
					},
				];
			}),
		);
		const { estateBrokerNotificationTrigger: notification, ...others } = versions;
		expect(Object.keys(others)).toHaveLength(manifest.n8n.nodes.length - 1);
		for (const [name, found] of Object.entries(others))
			expect({ name, ...found }).toEqual({
				name,
				version: 1,
				defaultVersion: undefined,
				versions: undefined,
			});
		expect(Math.max(...[notification.version ?? 0].flat())).toBe(1.1);
	});

	it('loads in n8n with every node and both credentials listed in its n8n block', async () => {
		for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
			expect(fs.existsSync(path.join(root, file))).toBe(true);
		const loader = new PackageDirectoryLoader(root);
		await loader.loadAll();
		expect(Object.keys(loader.credentialTypes)).toEqual([
			'estateBrokerApi',
			'estateBrokerNotificationSecretApi',
		]);
		// Each node by the name its codex file gives it.
		const codexNames = manifest.n8n.nodes.map(
			(file: string) =>
				JSON.parse(fs.readFileSync(path.join(root, file.replace(/\.js$/, '.json')), 'utf8')).node,
		);
		expect(codexNames.every((name: string) => name.startsWith(`${manifest.name}.`))).toBe(true);
		expect(Object.keys(loader.nodeTypes).sort()).toEqual(
			codexNames.map((name: string) => name.slice(manifest.name.length + 1)).sort(),
		);
		expect(Object.keys(loader.nodeTypes)).toContain('estateBrokerTrigger');
		for (const { type } of Object.values(loader.nodeTypes)) {
			const description =
				'nodeVersions' in type ? Object.values(type.nodeVersions)[0].description : type.description;
			// The loader turns each file: icon into the light and dark icon addresses the editor fetches.
			expect(description.iconUrl).toMatchObject({
				light: expect.stringMatching(/\.svg$/),
				dark: expect.stringMatching(/\.dark\.svg$/),
			});
		}
	});
});
