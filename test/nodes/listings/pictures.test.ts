import { demoCredentials } from '../../harness/credentials';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';

/**
 * Pictures as n8n binary data, against a server of the test's own that answers image bytes
 * (the hostile server writes text): the main picture or all, named and typed from the
 * reference, and a picture past Largest Picture Size refused without being read whole.
 */
const estates = packageNode('estateBrokerEstates');
const office = packageNode('estateBrokerOffice');
const MEGABYTE = 1024 * 1024;
/** The large picture's size. */
const LARGE = 32 * MEGABYTE;

/** Bytes no text encoding would keep as they are. */
const PICTURE_A = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x80, 0x81, 0xfe]);
const PICTURE_B = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);

const reference = (id: string, extension: string): IDataObject => ({
	id,
	name: null,
	description: null,
	category: { id: 'Other', name: 'Övrigt' },
	extension,
	dataChangedAt: '2023-12-12T15:00:10.14',
	cdnReferences: [],
});

describe('Pictures of estates and agents as binary data', () => {
	let server: http.Server;
	let url = '';
	const seen: Array<{ path: string; accept?: string }> = [];
	/** Bytes of the large picture the server has written before the node stopped reading. */
	let largeWritten = 0;
	let largeDeclared = true;

	beforeAll(async () => {
		server = http.createServer((request, response) => {
			const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
			seen.push({ path, accept: request.headers.accept });
			const json = (body: unknown) => {
				response.writeHead(200, { 'Content-Type': 'application/json' });
				response.end(JSON.stringify(body));
			};
			if (path === '/Advertising/Estate/M31529/OBJ1')
				return json({
					id: 'OBJ1',
					images: [reference('MEDA', 'jpg'), reference('MEDB', 'png')],
					changedAt: '2026-01-08T09:53:06',
				});
			if (path === '/Advertising/Estate/M31529/OBJLARGE')
				return json({ id: 'OBJLARGE', images: [reference('MEDLARGE', 'jpg')] });
			if (path === '/Advertising/User/M31529/HAN1')
				return json({ id: 'HAN1', name: 'Sara Gustavsson', image: reference('MEDB', 'png') });
			if (path === '/Advertising/Image/M31529/MEDA') {
				response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
				return response.end(PICTURE_A);
			}
			if (path === '/Advertising/Image/M31529/MEDB') {
				response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
				return response.end(PICTURE_B);
			}
			if (path === '/Advertising/Image/M31529/MEDLARGE') {
				// 32 MB in 64 KB chunks, each written once the previous one drained: a reader that stops
				// early leaves most of it unwritten (far more than the connection's buffers hold).
				response.writeHead(
					200,
					largeDeclared
						? { 'Content-Type': 'application/octet-stream', 'Content-Length': String(LARGE) }
						: { 'Content-Type': 'application/octet-stream' },
				);
				const chunk = Buffer.alloc(64 * 1024, 1);
				const write = () => {
					while (largeWritten < LARGE) {
						largeWritten += chunk.length;
						if (!response.write(chunk)) return void response.once('drain', write);
					}
					response.end();
				};
				response.on('error', () => undefined);
				return write();
			}
			response.writeHead(404, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ message: 'Not found' }));
		});
		server.listen(0, '127.0.0.1');
		await once(server, 'listening');
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		server.closeAllConnections();
		server.close();
		await once(server, 'close');
	});
	beforeEach(() => {
		seen.length = 0;
		largeWritten = 0;
	});

	const run = async (nodeType: typeof estates, parameters: IDataObject) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: demoCredentials(url, { customerId: 'M31529' }),
		});
	const bytesOf = (data: IDataObject | undefined) => Buffer.from(String(data?.data), 'base64');

	test("Estate › Get with All Pictures: each picture's bytes as sent, in data_0 and data_1, named and typed from its reference", async () => {
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'get',
			estateId: 'OBJ1',
			options: { pictures: 'all' },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const binary = items[0].binary!;
		expect(Object.keys(binary)).toEqual(['data_0', 'data_1']);
		expect(binary.data_0).toMatchObject({ fileName: 'MEDA.jpg', mimeType: 'image/jpeg' });
		expect(binary.data_1).toMatchObject({ fileName: 'MEDB.png', mimeType: 'image/png' });
		expect(bytesOf(binary.data_0 as never).equals(PICTURE_A)).toBe(true);
		expect(bytesOf(binary.data_1 as never).equals(PICTURE_B)).toBe(true);
		expect(seen.slice(1)).toEqual([
			{ path: '/Advertising/Image/M31529/MEDA', accept: 'application/octet-stream' },
			{ path: '/Advertising/Image/M31529/MEDB', accept: 'application/octet-stream' },
		]);
	});

	test('Agent › Get with Main Picture: the portrait in the field named, the record as it was', async () => {
		const { items, error } = await run(office, {
			resource: 'agent',
			operation: 'get',
			agentId: 'HAN1',
			simplify: false,
			options: { pictures: 'main', pictureField: 'portrait' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: 'HAN1', name: 'Sara Gustavsson' });
		expect(Object.keys(items[0].binary!)).toEqual(['portrait']);
		expect(bytesOf(items[0].binary!.portrait as never).equals(PICTURE_B)).toBe(true);
	});

	test('No picture asked for: no image call', async () => {
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'get',
			estateId: 'OBJ1',
		});
		expect(error).toBeUndefined();
		expect(items[0].binary).toBeUndefined();
		expect(seen.map((request) => request.path)).toEqual(['/Advertising/Estate/M31529/OBJ1']);
	});

	test.each([
		['that says its size', true],
		['that does not say its size', false],
	])(
		'A picture past Largest Picture Size %s is refused, saying which, and is not read whole',
		async (_name, declared) => {
			largeDeclared = declared;
			const { error } = await run(estates, {
				resource: 'estate',
				operation: 'get',
				estateId: 'OBJLARGE',
				options: { pictures: 'main', largestPictureSize: 1 },
			});
			expect(error?.message).toBe(
				'The picture MEDLARGE of published estate OBJLARGE is larger than Largest Picture Size (1 MB); it was not read',
			);
			expect(largeWritten).toBeLessThan(LARGE / 2);
		},
	);
});
