// Copies the browser test's screenshots into docs/images/ (scripts/browser-test.sh), leaving a
// picture there as it is when the new one looks the same: the same size and under 1% of its
// pixels different (a time, an id, a counter the run changed). So a run rewrites only the
// pictures whose look changed, and git sees no change for the others.
//
//   node images.mjs <screenshots folder> <docs/images folder>
//   prints "# screenshots: <n> replaced (<names>), <n> unchanged"
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Share of the pixels that may differ for two pictures to count as the same. */
const SAME_BELOW = 0.01;

/** The pixels of an 8-bit, non-interlaced RGB or RGBA PNG (what chromium writes): { width, height, channels, data }. */
export function decodePng(buffer) {
	if (buffer.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
	let offset = 8;
	let header;
	const idat = [];
	while (offset < buffer.length) {
		const length = buffer.readUInt32BE(offset);
		const type = buffer.toString('latin1', offset + 4, offset + 8);
		const chunk = buffer.subarray(offset + 8, offset + 8 + length);
		if (type === 'IHDR')
			header = {
				width: chunk.readUInt32BE(0),
				height: chunk.readUInt32BE(4),
				depth: chunk[8],
				colorType: chunk[9],
				interlace: chunk[12],
			};
		else if (type === 'IDAT') idat.push(chunk);
		else if (type === 'IEND') break;
		offset += 12 + length;
	}
	const channels = { 2: 3, 6: 4 }[header?.colorType];
	if (!header || header.depth !== 8 || !channels || header.interlace !== 0)
		throw new Error('only 8-bit, non-interlaced RGB or RGBA PNGs are read');
	const raw = zlib.inflateSync(Buffer.concat(idat));
	const stride = header.width * channels;
	const data = Buffer.alloc(stride * header.height);
	for (let y = 0; y < header.height; y++) {
		const filter = raw[y * (stride + 1)];
		const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
		const row = data.subarray(y * stride, (y + 1) * stride);
		const above = y > 0 ? data.subarray((y - 1) * stride, y * stride) : Buffer.alloc(stride);
		for (let x = 0; x < stride; x++) {
			const a = x >= channels ? row[x - channels] : 0;
			const b = above[x];
			const c = x >= channels ? above[x - channels] : 0;
			let predicted = 0;
			if (filter === 1) predicted = a;
			else if (filter === 2) predicted = b;
			else if (filter === 3) predicted = (a + b) >> 1;
			else if (filter === 4) {
				const p = a + b - c;
				const pa = Math.abs(p - a),
					pb = Math.abs(p - b),
					pc = Math.abs(p - c);
				predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
			}
			row[x] = (line[x] + predicted) & 0xff;
		}
	}
	return { width: header.width, height: header.height, channels, data };
}

/** The share of pixels that differ between two PNG files (1 when their sizes differ or one is unreadable). */
export function differingShare(fileA, fileB) {
	let a, b;
	try {
		a = decodePng(fs.readFileSync(fileA));
		b = decodePng(fs.readFileSync(fileB));
	} catch {
		return 1;
	}
	if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) return 1;
	let differing = 0;
	for (let i = 0; i < a.data.length; i += a.channels) {
		for (let k = 0; k < a.channels; k++) {
			if (a.data[i + k] !== b.data[i + k]) {
				differing++;
				break;
			}
		}
	}
	return differing / (a.width * a.height);
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const [from, to] = process.argv.slice(2);
	const replaced = [];
	let unchanged = 0;
	for (const name of fs
		.readdirSync(from)
		.filter((n) => n.endsWith('.png') && !n.startsWith('not-ok-'))) {
		const target = path.join(to, name);
		if (fs.existsSync(target) && differingShare(path.join(from, name), target) < SAME_BELOW) {
			unchanged++;
			continue;
		}
		fs.copyFileSync(path.join(from, name), target);
		replaced.push(name);
	}
	console.log(
		`# screenshots: ${replaced.length} replaced in ${to}${replaced.length ? ` (${replaced.join(', ')})` : ''}, ${unchanged} unchanged`,
	);
}
