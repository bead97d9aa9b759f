import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The bytes of an image the Advertising reads name: a small real picture (baseline JPEG for
 * `jpg`, PNG for `png`) drawn from the image's id, so the same id always gives the same bytes
 * and any decoder opens them. Nothing is stored: drawn on each read, a few hundred bytes.
 */

export const PICTURE_WIDTH = 48;
export const PICTURE_HEIGHT = 32;

type Rgb = [number, number, number];

/** Colours of the picture's 8x8 tiles, row by row: a sky, a house of the id's colour, a lawn. */
function tiles(id: string): Rgb[] {
	const hash = createHash('sha256').update(id).digest();
	const wall: Rgb = [hash[0], hash[1], hash[2]];
	const roof: Rgb = [128 + (hash[3] >> 1), 40 + (hash[4] >> 2), 30 + (hash[5] >> 3)];
	const sky: Rgb = [120 + (hash[6] >> 3), 170 + (hash[7] >> 3), 230];
	const lawn: Rgb = [60, 140 + (hash[8] >> 3), 60];
	const columns = PICTURE_WIDTH / 8;
	const house = 1 + (hash[9] % (columns - 3));
	const out: Rgb[] = [];
	for (let row = 0; row < PICTURE_HEIGHT / 8; row++)
		for (let column = 0; column < columns; column++) {
			const inHouse = column >= house && column < house + 2;
			out.push(row === 3 ? lawn : row === 1 && inHouse ? roof : row === 2 && inHouse ? wall : sky);
		}
	return out;
}

/** PNG: 8-bit RGB, no interlace, each tile a flat 8x8 square. */
export function pngBytes(id: string): Buffer {
	const colours = tiles(id);
	const columns = PICTURE_WIDTH / 8;
	const raw = Buffer.alloc((PICTURE_WIDTH * 3 + 1) * PICTURE_HEIGHT);
	for (let y = 0; y < PICTURE_HEIGHT; y++) {
		const line = y * (PICTURE_WIDTH * 3 + 1);
		raw[line] = 0;
		for (let x = 0; x < PICTURE_WIDTH; x++) {
			const colour = colours[Math.floor(y / 8) * columns + Math.floor(x / 8)];
			raw.set(colour, line + 1 + x * 3);
		}
	}
	const chunk = (type: string, data: Buffer) => {
		const head = Buffer.alloc(8);
		head.writeUInt32BE(data.length, 0);
		head.write(type, 4, 'latin1');
		const crc = Buffer.alloc(4);
		crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
		return Buffer.concat([head, data, crc]);
	};
	const header = Buffer.alloc(13);
	header.writeUInt32BE(PICTURE_WIDTH, 0);
	header.writeUInt32BE(PICTURE_HEIGHT, 4);
	header.set([8, 2, 0, 0, 0], 8);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/** The standard luminance DC table of the JPEG specification (Annex K.3): code lengths, symbols. */
const DC_LENGTHS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_SYMBOLS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** AC table of one symbol: end of block (0x00), code `0`. Each tile is flat, so no other AC symbol occurs. */
const AC_LENGTHS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_SYMBOLS = [0];
/** Every coefficient divided by 8: a flat tile's DC of 8 x (value - 128) becomes value - 128. */
const QUANTISER = 8;

/** Canonical Huffman codes (symbol → [code, length]) from code lengths, as JPEG builds them. */
function huffmanCodes(lengths: number[], symbols: number[]): Map<number, [number, number]> {
	const codes = new Map<number, [number, number]>();
	let code = 0;
	let k = 0;
	for (let length = 1; length <= 16; length++) {
		for (let i = 0; i < lengths[length - 1]; i++) codes.set(symbols[k++], [code++, length]);
		code <<= 1;
	}
	return codes;
}

class BitWriter {
	private bytes: number[] = [];
	private current = 0;
	private filled = 0;

	write(value: number, length: number): void {
		for (let bit = length - 1; bit >= 0; bit--) {
			this.current = (this.current << 1) | ((value >> bit) & 1);
			if (++this.filled === 8) this.flushByte();
		}
	}

	private flushByte(): void {
		this.bytes.push(this.current);
		// A 0xFF in entropy-coded data is followed by a stuffed zero byte.
		if (this.current === 0xff) this.bytes.push(0);
		this.current = 0;
		this.filled = 0;
	}

	/** Pads the last byte with ones, as the specification asks. */
	finish(): Buffer {
		if (this.filled) this.write(0xff, 8 - this.filled);
		return Buffer.from(this.bytes);
	}
}

function segment(marker: number, data: number[]): Buffer {
	const length = data.length + 2;
	return Buffer.from([0xff, marker, length >> 8, length & 0xff, ...data]);
}

/** Baseline JPEG, YCbCr without subsampling, each 8x8 block one flat colour (DC only). */
export function jpegBytes(id: string): Buffer {
	const dc = huffmanCodes(DC_LENGTHS, DC_SYMBOLS);
	const [endOfBlock, endOfBlockLength] = huffmanCodes(AC_LENGTHS, AC_SYMBOLS).get(0)!;
	const bits = new BitWriter();
	const predictions = [0, 0, 0];
	for (const [r, g, b] of tiles(id)) {
		const components = [
			0.299 * r + 0.587 * g + 0.114 * b,
			128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
			128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
		];
		components.forEach((value, c) => {
			const coefficient = Math.round((8 * (value - 128)) / QUANTISER);
			const difference = coefficient - predictions[c];
			predictions[c] = coefficient;
			const magnitude = Math.abs(difference);
			const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
			const [code, length] = dc.get(category)!;
			bits.write(code, length);
			if (category)
				bits.write(difference < 0 ? difference + (1 << category) - 1 : difference, category);
			bits.write(endOfBlock, endOfBlockLength);
		});
	}
	const table = (tableClass: number, lengths: number[], symbols: number[]) => [
		(tableClass << 4) | 0,
		...lengths,
		...symbols,
	];
	return Buffer.concat([
		Buffer.from([0xff, 0xd8]),
		segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
		segment(0xdb, [0, ...new Array<number>(64).fill(QUANTISER)]),
		segment(0xc0, [
			8,
			PICTURE_HEIGHT >> 8,
			PICTURE_HEIGHT & 0xff,
			PICTURE_WIDTH >> 8,
			PICTURE_WIDTH & 0xff,
			3,
			...[1, 2, 3].flatMap((component) => [component, 0x11, 0]),
		]),
		segment(0xc4, [...table(0, DC_LENGTHS, DC_SYMBOLS), ...table(1, AC_LENGTHS, AC_SYMBOLS)]),
		segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
		bits.finish(),
		Buffer.from([0xff, 0xd9]),
	]);
}

/** The bytes of an image by its extension. */
export function pictureBytes(id: string, extension: 'jpg' | 'png'): Buffer {
	return extension === 'png' ? pngBytes(id) : jpegBytes(id);
}
