// `npm run verify` (scripts/verify.sh runs the build and n8n's scanner first): what n8n's
// community node verification asks that the project can check itself, over the built dist/
// and the repository. The guidelines (docs.n8n.io, "Community node verification guidelines"):
// the package's source on a public GitHub repository that npm names, author and MIT licence,
// published from a GitHub Action with provenance, no runtime dependencies, documentation (a
// README with usage, examples and authentication), no environment variables or file system
// from the nodes, n8n's lint and scanner passing, English only. Prints "ok - …" / "not ok - …:
// why" per requirement; exits non-zero on any failure.
//
//   node scripts/verify.mjs <repository folder>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const require = createRequire(path.join(root, 'package.json'));
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json'));
const readme = read('README.md');

let failures = 0;
function check(what, condition, why) {
	if (condition) console.log(`ok - ${what}`);
	else {
		failures++;
		console.log(`not ok - ${what}: ${why}`);
	}
}

/** The anchors GitHub gives the README's headings: lower case, punctuation dropped, spaces to hyphens. */
const anchors = new Set(
	readme
		.split('\n')
		.filter((line) => /^#{1,6} /.test(line))
		.map((line) =>
			line
				.replace(/^#+ /, '')
				.trim()
				.toLowerCase()
				.replace(/[^\p{L}\p{N}\s_-]/gu, '')
				.replace(/\s/g, '-'),
		),
);
const repository = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(
	manifest.repository?.url ?? '',
)?.[1];
/** A link into this repository's README at a heading it has. */
const readmeLinkProblem = (url) => {
	const [base, anchor] = String(url).split('#');
	if (base !== repository) return `${url} is not the repository's README`;
	if (anchor && !anchors.has(anchor)) return `${url}: the README has no heading #${anchor}`;
	return undefined;
};

// 1. The package as n8n finds and loads it.
check(
	'the package is named n8n-nodes-… and carries the keyword n8n-community-node-package',
	/^(@[\w.-]+\/)?n8n-nodes-[\w.-]+$/.test(manifest.name) &&
		manifest.keywords?.includes('n8n-community-node-package'),
	`name ${manifest.name}, keywords ${JSON.stringify(manifest.keywords)}`,
);
check(
	'the licence is MIT (package.json and LICENSE.md)',
	manifest.license === 'MIT' && /^MIT License/.test(read('LICENSE.md')),
	`license ${manifest.license}`,
);
check(
	'no runtime dependencies (no dependencies, optional or bundled ones)',
	!manifest.dependencies &&
		!manifest.optionalDependencies &&
		!manifest.bundleDependencies &&
		!manifest.bundledDependencies,
	JSON.stringify({
		dependencies: manifest.dependencies,
		optionalDependencies: manifest.optionalDependencies,
	}),
);
check(
	'the only peer dependency is n8n-workflow "*", optional (a manual npm install uses n8n\'s own copy)',
	JSON.stringify(manifest.peerDependencies) === '{"n8n-workflow":"*"}' &&
		manifest.peerDependenciesMeta?.['n8n-workflow']?.optional === true,
	JSON.stringify({
		peerDependencies: manifest.peerDependencies,
		peerDependenciesMeta: manifest.peerDependenciesMeta,
	}),
);
check(
	'the npm package names its public GitHub repository, with homepage and issues there, and an author with an e-mail',
	Boolean(repository) &&
		manifest.homepage?.startsWith(repository) &&
		manifest.bugs?.url === `${repository}/issues` &&
		manifest.author?.name &&
		/^[^@\s]+@[^@\s]+\.[a-z]+$/.test(manifest.author?.email ?? ''),
	JSON.stringify({
		repository: manifest.repository,
		homepage: manifest.homepage,
		bugs: manifest.bugs,
		author: manifest.author,
	}),
);
check(
	'engines names the Node.js the supported n8n versions run on (22 or later)',
	/^>=22(\.\d+)*$/.test(manifest.engines?.node ?? ''),
	`engines ${JSON.stringify(manifest.engines)}`,
);
const files = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
check(
	'the n8n block (API version 1, strict) lists nodes and credentials that the build made',
	manifest.n8n?.n8nNodesApiVersion === 1 &&
		manifest.n8n?.strict === true &&
		manifest.n8n.nodes.length > 0 &&
		files.every((file) => fs.existsSync(path.join(root, file))),
	`missing: ${files.filter((file) => !fs.existsSync(path.join(root, file))).join(', ') || 'none'}`,
);

// 2. Each node and the credential: icons, codex, documentation links.
for (const file of files) {
	const exports = require(path.join(root, file));
	const Type = Object.values(exports)[0];
	const instance = new Type();
	const description = instance.description ?? instance;
	const name = description.name;
	const icon = description.icon;
	const iconFiles = icon && typeof icon === 'object' ? [icon.light, icon.dark] : [icon];
	const missingIcons = iconFiles.filter(
		(entry) =>
			typeof entry !== 'string' ||
			!entry.startsWith('file:') ||
			!entry.endsWith('.svg') ||
			!fs.existsSync(path.join(path.dirname(path.join(root, file)), entry.slice(5))),
	);
	check(
		`${name}: light and dark SVG icons, shipped beside it`,
		iconFiles.length === 2 && missingIcons.length === 0,
		`icon ${JSON.stringify(icon)}; missing ${missingIcons.join(', ')}`,
	);
	if (file.endsWith('.credentials.js')) {
		const problem = readmeLinkProblem(instance.documentationUrl);
		check(`${name}: its documentation link opens the README at its heading`, !problem, problem);
		continue;
	}
	const codexFile = file.replace(/\.js$/, '.json');
	let codex = {};
	try {
		codex = JSON.parse(fs.readFileSync(path.join(root, codexFile), 'utf8'));
	} catch (error) {
		codex = { error: error.message };
	}
	const links = [
		...(codex.resources?.primaryDocumentation ?? []),
		...(codex.resources?.credentialDocumentation ?? []),
	].map((link) => link.url);
	const problems = links.map(readmeLinkProblem).filter(Boolean);
	check(
		`${name}: a codex file (node, versions, categories) whose documentation links open the README at their headings`,
		codex.node === `${manifest.name}.${name}` &&
			codex.nodeVersion &&
			codex.codexVersion &&
			codex.categories?.length > 0 &&
			codex.resources?.primaryDocumentation?.length > 0 &&
			problems.length === 0,
		codex.error ?? `${JSON.stringify(codex).slice(0, 200)}; ${problems.join('; ')}`,
	);
}

// 3. What the nodes' code may not do: read environment variables or the file system, start processes.
const forbidden = [
	/process\.env/,
	/require\(["'](node:)?(fs|fs\/promises|child_process|worker_threads)["']\)/,
	/from ["'](node:)?(fs|child_process)["']/,
];
const jsFiles = (folder) =>
	fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		return entry.isDirectory() ? jsFiles(full) : entry.name.endsWith('.js') ? [full] : [];
	});
const offending = jsFiles(path.join(root, 'dist')).filter((file) =>
	forbidden.some((pattern) => pattern.test(fs.readFileSync(file, 'utf8'))),
);
check(
	'no built file reads environment variables or the file system, or starts a process',
	offending.length === 0,
	offending.map((file) => path.relative(root, file)).join(', '),
);

// 4. The README as n8n's starter and the verified packages give it.
const SECTIONS = [
	'Installation',
	'Operations',
	'Credentials',
	'Compatibility',
	'Usage',
	'Resources',
	'Version history',
];
const h2 = readme
	.split('\n')
	.filter((line) => line.startsWith('## '))
	.map((line) => line.slice(3).trim());
check(
	`the README has the starter's seven sections, in order: ${SECTIONS.join(', ')}`,
	JSON.stringify(h2) === JSON.stringify(SECTIONS),
	`its sections: ${h2.join(', ')}`,
);
const sectionText = (title) =>
	readme.split(/^## /m).find((part) => part.startsWith(`${title}\n`)) ?? '';
check(
	"the README says how to install (Community Nodes, and the manual npm install) and links n8n's installation guide",
	/Community Nodes/.test(sectionText('Installation')) &&
		/npm install n8n-nodes-/.test(sectionText('Installation')) &&
		/docs\.n8n\.io\/integrations\/community-nodes\/installation/.test(sectionText('Installation')),
	sectionText('Installation').slice(0, 200),
);
check(
	'the README gives usage examples: example workflows and screenshots that exist',
	(() => {
		const usage = sectionText('Usage');
		const targets = [...usage.matchAll(/\]\(((?:examples|docs)\/[^)#\s]+)\)/g)].map(
			(match) => match[1],
		);
		return (
			targets.some((target) => target.startsWith('examples/')) &&
			targets.some((target) => /\.png$/.test(target)) &&
			targets.every((target) => fs.existsSync(path.join(root, target)))
		);
	})(),
	'Usage should link examples/*.json and screenshots (docs/images/*.png) that exist',
);
check(
	'the README says which n8n versions are tested and the oldest supported',
	/oldest/i.test(sectionText('Compatibility')) &&
		/\| *1\.123\.\d+/.test(sectionText('Compatibility')),
	sectionText('Compatibility').slice(0, 200),
);
check(
	'the README keeps its two commands: npm start runs the main job, npm test the tests',
	/`npm start`/.test(readme) && /`npm test`/.test(readme),
	'npm start / npm test not both named',
);
const localLinks = [...readme.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)/g)].map(
	(match) => match[1],
);
const broken = localLinks.filter(
	(target) => !fs.existsSync(path.join(root, decodeURIComponent(target))),
);
const inPageBroken = [...readme.matchAll(/\]\(#([^)]+)\)/g)]
	.map((match) => match[1])
	.filter((anchor) => !anchors.has(anchor));
check(
	'every link of the README to a file of the repository or a heading resolves',
	broken.length === 0 && inPageBroken.length === 0,
	`broken: ${[...broken, ...inPageBroken.map((a) => `#${a}`)].join(', ')}`,
);

// 5. Published from GitHub Actions with provenance.
let workflow = '';
try {
	workflow = read('.github/workflows/publish.yml');
} catch {
	// Missing: the check below says so.
}
check(
	'a GitHub Actions workflow publishes version tags with npm provenance (id-token: write, npm publish --provenance) after the tests',
	/on:\s*\n\s*push:\s*\n\s*tags:/.test(workflow) &&
		/id-token:\s*write/.test(workflow) &&
		/npm publish[^\n]*--provenance/.test(workflow) &&
		/npm test/.test(workflow) &&
		/npm run lint/.test(workflow),
	workflow
		? '.github/workflows/publish.yml lacks the tag trigger, id-token: write, npm publish --provenance or the tests'
		: 'no .github/workflows/publish.yml',
);

process.exitCode = failures > 0 ? 1 : 0;
