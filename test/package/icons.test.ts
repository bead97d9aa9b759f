import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PackageDirectoryLoader } from 'n8n-core';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

type Mode = 'light' | 'dark';
const MODES: Mode[] = ['light', 'dark'];
/** The canvas and node panel behind an icon: white, and n8n's dark theme. */
const CANVAS: Record<Mode, string> = { light: '#FFFFFF', dark: '#2B2B2B' };
/** Painting elements an icon may hold: plain vector shapes, nothing that runs, loads or embeds. */
const ALLOWED_TAGS = new Set([
	'#text',
	'svg',
	'g',
	'path',
	'rect',
	'circle',
	'ellipse',
	'line',
	'polyline',
	'polygon',
	'title',
]);
const SHAPE_TAGS = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
const GEOMETRY = [
	'd',
	'x',
	'y',
	'width',
	'height',
	'rx',
	'ry',
	'cx',
	'cy',
	'r',
	'points',
	'x1',
	'y1',
	'x2',
	'y2',
];
const MOST_BYTES = 4096;

interface Shape {
	/** The element and its own geometry, without colours or the transforms of its groups. */
	geometry: string;
	/** Its paint: fill unless none, else stroke (inherited from its groups). */
	paint: string;
}

interface Icon {
	file: string;
	text: string;
	root: Record<string, string>;
	tags: string[];
	attributes: Array<[string, string]>;
	shapes: Shape[];
}

type Node = Array<Record<string, unknown>>;
const parser = new XMLParser({
	preserveOrder: true,
	ignoreAttributes: false,
	attributeNamePrefix: '',
	processEntities: false,
});

function readIcon(file: string): Icon {
	const text = fs.readFileSync(file, 'utf8');
	const valid = XMLValidator.validate(text);
	if (valid !== true) throw new Error(`${file} is not well-formed XML: ${valid.err.msg}`);
	const icon: Icon = { file, text, root: {}, tags: [], attributes: [], shapes: [] };
	const walk = (nodes: Node, inherited: Record<string, string>) => {
		for (const node of nodes) {
			const tag = Object.keys(node).find((key) => key !== ':@')!;
			const attributes = (node[':@'] ?? {}) as Record<string, string>;
			icon.tags.push(tag);
			icon.attributes.push(...Object.entries(attributes));
			if (tag === 'svg' && icon.tags.length === 1) icon.root = attributes;
			const paint = {
				...inherited,
				...Object.fromEntries(
					['fill', 'stroke']
						.filter((name) => name in attributes)
						.map((name) => [name, attributes[name]]),
				),
			};
			if (SHAPE_TAGS.has(tag)) {
				const geometry =
					tag +
					GEOMETRY.filter((name) => name in attributes)
						.map((name) => ` ${name}=${attributes[name]}`)
						.join('');
				icon.shapes.push({
					geometry,
					paint: (paint.fill && paint.fill !== 'none'
						? paint.fill
						: (paint.stroke ?? '#000000')
					).toUpperCase(),
				});
			}
			if (Array.isArray(node[tag])) walk(node[tag] as Node, paint);
		}
	};
	walk(parser.parse(text) as Node, { fill: '#000000' });
	return icon;
}

/** The family's tile is each icon's first shape; the rest is its pictogram (and a trigger's badge). */
const tileOf = (icon: Icon) => icon.shapes[0];
const pictogramOf = (icon: Icon) => icon.shapes.slice(1);
const key = (shape: Shape) => `${shape.geometry} ${shape.paint}`;

function rgb(hex: string): number[] {
	if (!/^#[0-9A-F]{6}$/.test(hex)) throw new Error(`Expected a #RRGGBB colour, got ${hex}`);
	return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
}
const linear = (channel: number) =>
	channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
/** WCAG's relative luminance and contrast ratio. */
const luminance = (hex: string) =>
	rgb(hex)
		.map(linear)
		.reduce((sum, channel, index) => sum + channel * [0.2126, 0.7152, 0.0722][index], 0);
function contrast(a: string, b: string): number {
	const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (light + 0.05) / (dark + 0.05);
}
/** CIE76 colour difference (sRGB, D65): about 2 is just noticeable, over 20 reads as another colour. */
function deltaE(a: string, b: string): number {
	const lab = (hex: string) => {
		const [r, g, bl] = rgb(hex).map(linear);
		const xyz = [
			(0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047,
			0.2126 * r + 0.7152 * g + 0.0722 * bl,
			(0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883,
		];
		const [fx, fy, fz] = xyz.map((value) =>
			value > 0.008856 ? Math.cbrt(value) : 7.787 * value + 16 / 116,
		);
		return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
	};
	const [p, q] = [lab(a), lab(b)];
	return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

interface Entry {
	name: string;
	icons: Record<Mode, Icon>;
}
let nodes: Entry[];
let credentials: Entry[];

beforeAll(async () => {
	// The icons as n8n's loader addresses them from the built package (npm test builds dist/).
	const loader = new PackageDirectoryLoader(root);
	await loader.loadAll();
	const prefix = `icons/${manifest.name}/`;
	const entry = (name: string, iconUrl: unknown): Entry => {
		expect(iconUrl).toEqual({
			light: expect.stringMatching(/\.svg$/),
			dark: expect.stringMatching(/\.dark\.svg$/),
		});
		const urls = iconUrl as Record<Mode, string>;
		return {
			name,
			icons: {
				light: readIcon(path.join(root, urls.light.slice(prefix.length))),
				dark: readIcon(path.join(root, urls.dark.slice(prefix.length))),
			},
		};
	};
	nodes = Object.values(loader.nodeTypes).map(({ type }) => {
		const description =
			'nodeVersions' in type ? Object.values(type.nodeVersions)[0].description : type.description;
		return entry(description.name, description.iconUrl);
	});
	credentials = Object.values(loader.credentialTypes).map(({ type }) =>
		entry(type.name, type.iconUrl),
	);
});

/** The trigger nodes named after an action node (estateBrokerBidTrigger beside estateBrokerBid). */
const areaTriggers = () =>
	nodes.filter(
		(node) =>
			node.name.endsWith('Trigger') &&
			nodes.some((action) => `${action.name}Trigger` === node.name),
	);
const actionNodes = () => nodes.filter((node) => !areaTriggers().includes(node));
const named = (name: string) => nodes.find((node) => node.name === name)!;

describe('the icons (npm test builds dist/ first)', () => {
	it('every node and credential of the n8n block have light and dark icons, as drawn by scripts/icons/draw.mjs', () => {
		expect(nodes).toHaveLength(manifest.n8n.nodes.length);
		expect(credentials).toHaveLength(manifest.n8n.credentials.length);
		expect(actionNodes()).toHaveLength(8);
		expect(areaTriggers()).toHaveLength(5);
		// The built copies are the sources, and the sources are the drawing script's output.
		for (const { icons } of [...nodes, ...credentials]) {
			for (const icon of Object.values(icons))
				expect(icon.text).toBe(
					fs.readFileSync(icon.file.replace(`${root}/dist/`, `${root}/`), 'utf8'),
				);
		}
		execFileSync(process.execPath, [path.join(root, 'scripts/icons/draw.mjs'), '--check'], {
			stdio: 'pipe',
		});
	});

	it('are small, plain SVG with a square viewBox: no script, event handler, external reference or raster', () => {
		for (const { name, icons } of [...nodes, ...credentials]) {
			for (const icon of Object.values(icons)) {
				const where = `${name}: ${path.relative(root, icon.file)}`;
				expect([where, Buffer.byteLength(icon.text) <= MOST_BYTES]).toEqual([where, true]);
				expect([where, icon.tags[0], icon.root.xmlns]).toEqual([
					where,
					'svg',
					'http://www.w3.org/2000/svg',
				]);
				expect([where, icon.root.viewBox]).toEqual([
					where,
					expect.stringMatching(/^0 0 (\d+) \1$/),
				]);
				expect([where, icon.tags.filter((tag) => !ALLOWED_TAGS.has(tag))]).toEqual([where, []]);
				// No DOCTYPE or entity (what could fetch), no processing instruction but an XML declaration.
				expect([where, /<!|<\?(?!xml\s)/i.test(icon.text.replace(/<!--[\s\S]*?-->/g, ''))]).toEqual(
					[where, false],
				);
				const unsafe = icon.attributes.filter(
					([attribute, value]) =>
						/^on/i.test(attribute) ||
						/href$/i.test(attribute) ||
						/url\(|data:|javascript:|@import/i.test(value),
				);
				expect([where, unsafe]).toEqual([where, []]);
				expect([where, icon.shapes.length > 1]).toEqual([where, true]);
			}
		}
	});

	it('share the family tile and stand out from the canvas, their pictograms from the tile, light and dark', () => {
		const family = tileOf(nodes[0].icons.light).geometry;
		for (const { name, icons } of [...nodes, ...credentials]) {
			for (const mode of MODES) {
				const tile = tileOf(icons[mode]);
				const ink = pictogramOf(icons[mode])[0].paint;
				expect([name, mode, tile.geometry]).toEqual([name, mode, family]);
				// WCAG's 3:1 for graphics, against the canvas behind the icon and within the tile.
				expect([
					name,
					mode,
					contrast(tile.paint, CANVAS[mode]) >= 3,
					contrast(ink, tile.paint) >= 3,
				]).toEqual([name, mode, true, true]);
			}
		}
	});

	it('tell the eight nodes of their own (six action nodes, two triggers) apart by colour and by pictogram', () => {
		const actions = actionNodes();
		for (const mode of MODES) {
			for (const [index, a] of actions.entries()) {
				for (const b of actions.slice(index + 1)) {
					const pair = `${a.name} / ${b.name} (${mode})`;
					const [tileA, tileB] = [tileOf(a.icons[mode]).paint, tileOf(b.icons[mode]).paint];
					expect([pair, Math.round(deltaE(tileA, tileB)) >= 20]).toEqual([pair, true]);
					// No shape of one pictogram appears in the other.
					const shapesOfB = new Set(pictogramOf(b.icons[mode]).map((shape) => shape.geometry));
					expect([
						pair,
						pictogramOf(a.icons[mode]).filter((shape) => shapesOfB.has(shape.geometry)),
					]).toEqual([pair, []]);
				}
			}
		}
	});

	it("give each area trigger its action node's tile and pictogram, with the one trigger badge", () => {
		const badges = new Set<string>();
		for (const trigger of areaTriggers()) {
			const action = named(trigger.name.replace(/Trigger$/, ''));
			for (const mode of MODES) {
				const where = `${trigger.name} (${mode})`;
				expect([where, tileOf(trigger.icons[mode]).paint]).toEqual([
					where,
					tileOf(action.icons[mode]).paint,
				]);
				const shapes = pictogramOf(trigger.icons[mode]).map(key);
				const pictogram = pictogramOf(action.icons[mode]).map(key);
				expect([where, pictogram.filter((shape) => !shapes.includes(shape))]).toEqual([where, []]);
				const badge = shapes.filter((shape) => !pictogram.includes(shape));
				expect([where, badge.length > 0]).toEqual([where, true]);
				badges.add(`${mode}: ${badge.map((shape) => shape.replace(/ #\w+$/, '')).join(' | ')}`);
			}
		}
		// One badge shape for all of them in each mode, found on no action node.
		expect(badges.size).toBe(MODES.length);
		const actionShapes = new Set(
			actionNodes().flatMap((node) =>
				MODES.flatMap((mode) => pictogramOf(node.icons[mode]).map((shape) => shape.geometry)),
			),
		);
		for (const badge of badges)
			for (const geometry of badge.replace(/^\w+: /, '').split(' | '))
				expect([geometry, actionShapes.has(geometry)]).toEqual([geometry, false]);
	});
});
