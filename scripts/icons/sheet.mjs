// Writes the HTML of the icons' contact sheet to stdout: every node of package.json's n8n block
// and the credential, light icon on white and dark icon on n8n's dark canvas, at the node
// panel's size (40 px) and the canvas' (60 px). scripts/icon-sheet.sh turns it into a PNG.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** The light and dark icon files a compiled node or credential path stands for, read from its source. */
function icons(distPath) {
	const source = join(root, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	const match =
		/icon(?::\s*Icon\s*=|:)\s*\{\s*light:\s*'file:([^']+)',\s*dark:\s*'file:([^']+)'/.exec(
			readFileSync(source, 'utf8'),
		);
	const name = source
		.split('/')
		.at(-1)
		.replace(/\.(node|credentials)\.ts$/, '');
	// The area triggers build their icon names from the node name (areaTriggerDescription).
	const stem = name[0].toLowerCase() + name.slice(1);
	const [light, dark] = match ? [match[1], match[2]] : [`${stem}.svg`, `${stem}.dark.svg`];
	return { name, light: join(dirname(source), light), dark: join(dirname(source), dark) };
}

// The action nodes and the general trigger first, then the area triggers, then the credential.
const areaTrigger = (path) => /EstateBroker\w+Trigger\.node\.js$/.test(path);
const nodes = [
	...manifest.n8n.nodes.filter((path) => !areaTrigger(path)),
	...manifest.n8n.nodes.filter(areaTrigger),
];
const entries = [...nodes, ...manifest.n8n.credentials].map(icons);
const uri = (file) => `data:image/svg+xml;base64,${readFileSync(file).toString('base64')}`;
const cell = (file, size, mode) =>
	`<td class="${mode}"><img src="${uri(file)}" width="${size}" height="${size}"></td>`;
const rows = entries
	.map(
		(entry) =>
			`<tr><th>${
				entry.name
					.replace(/^EstateBroker/, '')
					.replace(/(?<=.)Trigger$/, ' Trigger')
					.replace(/^Api$/, 'Credential') || 'Trigger'
			}</th>` +
			cell(entry.light, 40, 'light') +
			cell(entry.light, 60, 'light') +
			cell(entry.dark, 40, 'dark') +
			cell(entry.dark, 60, 'dark') +
			'</tr>',
	)
	.join('\n');
// The page's height, for the screenshot's window: a heading row and one row per icon.
if (process.argv[2] === '--height') {
	process.stdout.write(String(34 + entries.length * 70));
	process.exit(0);
}
process.stdout.write(`<!doctype html><meta charset="utf-8"><style>
body { margin: 0; font: 14px sans-serif; background: #fff; }
table { border-collapse: collapse; }
th { text-align: right; padding: 0 12px; font-weight: normal; color: #333; height: 70px; }
thead th { height: 34px; text-align: center; font-weight: bold; }
td { width: 76px; text-align: center; } td img { vertical-align: middle; }
td.light { background: #ffffff; } td.dark { background: #2b2b2b; }
thead th.dark { background: #2b2b2b; color: #ddd; }
</style><table><thead><tr><th></th><th colspan="2">Light</th><th colspan="2" class="dark">Dark</th></tr></thead>
${rows}</table>`);
