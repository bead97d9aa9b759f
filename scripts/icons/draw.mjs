// Draws every icon of the package from one place: the family's house-shaped tile, one pictogram
// and one hue per area, and for each area trigger its action node's tile and pictogram with the
// trigger's bolt badge. Writes nodes/<Node>/<name>.svg and .dark.svg and the credential's icons.
//   node scripts/icons/draw.mjs           writes them
//   node scripts/icons/draw.mjs --check   exits 1 naming each file that differs from its drawing
// (test/package/icons.test.ts runs the check, so the files are never edited by hand.)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// Light: a deep hue under a white pictogram, on n8n's white canvas. Dark: a light tint of the same
// hue under a deep shade, so the tile stands out from n8n's dark canvas (#2b2b2b).
const palettes = {
	contacts: { light: ['#0A7C72', '#FFFFFF'], dark: ['#4FD1C5', '#053A35'] },
	bid: { light: ['#C0392B', '#FFFFFF'], dark: ['#FF8C7F', '#5A1008'] },
	advertising: { light: ['#AD2A7C', '#FFFFFF'], dark: ['#F28AC9', '#4E0C36'] },
	estates: { light: ['#1D5FD1', '#FFFFFF'], dark: ['#7EB2FF', '#0A2A5C'] },
	office: { light: ['#3B7D1A', '#FFFFFF'], dark: ['#9AD46E', '#1A3A08'] },
	reports: { light: ['#6A3FC4', '#FFFFFF'], dark: ['#B9A1FF', '#2A1660'] },
	trigger: { light: ['#C77700', '#FFFFFF'], dark: ['#FFC24D', '#3A2500'] },
	notification: { light: ['#00708A', '#FFFFFF'], dark: ['#5CC8E6', '#063A47'] },
	credential: { light: ['#455A64', '#FFFFFF'], dark: ['#B0BEC5', '#1C2A30'] },
};

// The pictograms on a 60×60 grid, drawn inside the tile's walls (y 20–53). `ink` fills the shape;
// `cut` (the tile's colour) separates overlapping parts.
const pictograms = {
	// Two people, one in front of the other.
	contacts: (ink, cut) =>
		`<g fill="${ink}"><circle cx="37" cy="26.5" r="5.5"/><path d="M27 45c0-6.5 4.5-10.5 10-10.5s10 4 10 10.5z"/>` +
		`<g stroke="${cut}" stroke-width="2.5" stroke-linejoin="round"><circle cx="24" cy="31" r="6.5"/><path d="M11 52c0-8 5.8-12.5 13-12.5s13 4.5 13 12.5z"/></g></g>`,
	// An auctioneer's gavel over its block.
	bid: (ink) =>
		`<g fill="${ink}"><g transform="rotate(-45 28 29)"><rect x="18" y="23" width="20" height="11" rx="2.5"/><rect x="25.5" y="34" width="5" height="19" rx="2"/></g>` +
		`<rect x="9" y="47" width="22" height="5" rx="1.5"/></g>`,
	// A megaphone with its sound.
	advertising: (ink) =>
		`<g fill="${ink}"><path d="M14 27h6l16-9v26l-16-9h-6a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2z"/><path d="M18.5 36h6l3 13h-6z"/></g>` +
		`<path d="M41 26a8 8 0 0 1 0 10M45.5 22a14 14 0 0 1 0 18" fill="none" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>`,
	// A house with a door.
	estates: (ink) => `<path fill="${ink}" d="M30 17 47 31h-4.5v20H34V41h-8v10h-8.5V31H13z"/>`,
	// A briefcase.
	office: (ink, cut) =>
		`<path d="M23.5 27v-3.5a2.5 2.5 0 0 1 2.5-2.5h8a2.5 2.5 0 0 1 2.5 2.5V27" fill="none" stroke="${ink}" stroke-width="3.5"/>` +
		`<rect x="11" y="26" width="38" height="25" rx="3" fill="${ink}"/><path d="M11 37h38" stroke="${cut}" stroke-width="2.5"/>` +
		`<rect x="26.5" y="34" width="7" height="6" rx="1" fill="${ink}" stroke="${cut}" stroke-width="2"/>`,
	// A bar chart rising to the right.
	reports: (ink) =>
		`<g fill="${ink}"><rect x="13" y="38" width="8.5" height="14" rx="1.5"/><rect x="25.75" y="30" width="8.5" height="22" rx="1.5"/><rect x="38.5" y="22" width="8.5" height="30" rx="1.5"/></g>`,
	// A lightning bolt: the trigger.
	trigger: (ink) => `<path fill="${ink}" d="M34 14 16 37h12l-3.5 17L44 30H32z"/>`,
	// A bell: the service rings.
	notification: (ink) =>
		`<path fill="${ink}" d="M30 19a3 3 0 0 1 3 3v1.3c5.2 1.3 9 6 9 11.7v7l4 4v1H14v-1l4-4v-7c0-5.7 3.8-10.4 9-11.7V22a3 3 0 0 1 3-3zM26 49h8a4 4 0 0 1-8 0z"/>`,
	// A key.
	credential: (ink, cut) =>
		`<g fill="${ink}"><circle cx="21" cy="37" r="9"/><path d="M28 34.5h21v5h-3.5v5H40v-5H28z"/></g><circle cx="18.5" cy="37" r="3" fill="${cut}"/>`,
};

// The family's tile: a house, the brand's roof over each area's colour.
const tile = (fill) =>
	`<path d="M30 5 56 22v31a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V22z" fill="${fill}" stroke="${fill}" stroke-width="3" stroke-linejoin="round"/>`;

// The area triggers' mark: a bolt on an amber disc, ringed in the canvas' colour so it reads as
// cut out of the tile. The action's pictogram shrinks a little to leave it room.
const badge = (ring) =>
	`<circle cx="47" cy="46" r="11" fill="#FFB020" stroke="${ring}" stroke-width="2.5"/><path fill="#2B1A00" d="M48.5 38 40.5 48h5.5l-1.5 6.5L53 44h-5.5z"/>`;
const canvas = { light: '#FFFFFF', dark: '#2B2B2B' };

const svg = (body) =>
	`<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60" viewBox="0 0 60 60">${body}</svg>\n`;

function icon(area, mode, trigger) {
	const [fill, ink] = palettes[area][mode];
	// Drawn a tenth larger than the grid above, about the walls' centre, to fill the tile at 40 px.
	const picture = `<g transform="matrix(1.1 0 0 1.1 -3 -3.7)">${pictograms[area](ink, fill)}</g>`;
	if (!trigger) return svg(tile(fill) + picture);
	return svg(
		tile(fill) + `<g transform="matrix(.8 0 0 .8 2 5)">${picture}</g>` + badge(canvas[mode]),
	);
}

const check = process.argv.includes('--check');
const differing = [];
function write(path, area, trigger = false) {
	for (const mode of ['light', 'dark']) {
		const file = `${path}${mode === 'dark' ? '.dark' : ''}.svg`;
		const drawing = icon(area, mode, trigger);
		if (!check) writeFileSync(join(root, file), drawing);
		else if (readFileSync(join(root, file), 'utf8') !== drawing) differing.push(file);
	}
}

const nodes = {
	Contacts: 'contacts',
	Bid: 'bid',
	Advertising: 'advertising',
	Estates: 'estates',
	Office: 'office',
	Reports: 'reports',
	Trigger: 'trigger',
	NotificationTrigger: 'notification',
};
for (const [node, area] of Object.entries(nodes))
	write(`nodes/EstateBroker${node}/estateBroker${node}`, area);
for (const node of ['Contacts', 'Bid', 'Advertising', 'Reports', 'Estates'])
	write(`nodes/EstateBroker${node}Trigger/estateBroker${node}Trigger`, nodes[node], true);
write('credentials/icons/estateBroker', 'credential');
if (differing.length) {
	console.error(
		`Not as scripts/icons/draw.mjs draws them (run it to redraw): ${differing.join(', ')}`,
	);
	process.exit(1);
}
