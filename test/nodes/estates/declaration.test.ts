import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { fileItem, runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { estateFixtures, startWireCapture } from './fixtures';

const nodeType = packageNode('estateBrokerEstates');

/** A document with every byte value, so any text re-encoding on the way would show. */
const DOCUMENT = Buffer.concat([
	Buffer.from('%PDF-1.7\n'),
	Buffer.from(Array.from({ length: 256 }, (_value, index) => index)),
	Buffer.from('\n%%EOF'),
]);

describe('Estate Broker Estates: declarations', () => {
	const sandbox = useSandbox();
	const run = async (
		parameters: IDataObject,
		inputItems: INodeExecutionData[],
		extra: { baseUrl?: string; continueOnFail?: boolean } = {},
	) =>
		await runNode({
			nodeType,
			parameters: { resource: 'declaration', operation: 'add', ...parameters } as never,
			credentials: sandbox.credentials(extra.baseUrl ? { baseUrl: extra.baseUrl } : {}),
			inputItems,
			continueOnFail: extra.continueOnFail,
		});

	test('Add reads the file from the input binary, sends it as Base64 with its file name, and the stored bytes are the file', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const input = [
			await fileItem({ data: { bytes: DOCUMENT, fileName: 'Energideklaration.pdf' } }),
		];
		const { items, error } = await run({ estateId: condominium.id, advertise: true }, input);
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/DeclarationProvider/M30011/${condominium.id}`,
			status: 200,
		});
		expect(request.body).toEqual({
			data: DOCUMENT.toString('base64'),
			name: 'Energideklaration.pdf',
			advertise: true,
		});
		const declarationId = String(items[0].json.declarationId);
		expect(items).toEqual([
			{ json: { declarationId, estateId: condominium.id }, pairedItem: { item: 0 } },
		]);
		const stored = sandbox.handle.store.declarations.get(declarationId)!;
		expect(Buffer.from(stored.data, 'base64').equals(DOCUMENT)).toBe(true);
		expect(stored).toMatchObject({
			estateId: condominium.id,
			name: 'Energideklaration.pdf',
			advertise: true,
			size: DOCUMENT.length,
		});
		expect(
			sandbox.handle.store.estates.get(condominium.id)!.declarations.map((entry) => entry.id),
		).toContain(declarationId);
	});

	test('Another binary field and a file name set in Options; one declaration per input item', async () => {
		const { condominium, cottage } = estateFixtures(sandbox.handle.store);
		const second = Buffer.from('Överlåtelsedeklaration – säljarens uppgifter');
		const input = [
			await fileItem(
				{ attachment_0: { bytes: DOCUMENT, fileName: 'scan0001.pdf' } },
				{ estate: condominium.id },
			),
			await fileItem(
				{ attachment_0: { bytes: second, fileName: 'scan0002.txt' } },
				{ estate: cottage.id },
			),
		];
		const { items, error } = await run(
			{
				estateId: '={{ $json.estate }}',
				binaryPropertyName: 'attachment_0',
				options: { fileName: '={{ "Declaration " + $json.estate + ".pdf" }}' },
			},
			input,
		);
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests.map((request) => request.path)).toEqual([
			`/DeclarationProvider/M30011/${condominium.id}`,
			`/DeclarationProvider/M30011/${cottage.id}`,
		]);
		expect(requests.map((request) => request.body)).toEqual([
			{
				data: DOCUMENT.toString('base64'),
				name: `Declaration ${condominium.id}.pdf`,
				advertise: false,
			},
			{ data: second.toString('base64'), name: `Declaration ${cottage.id}.pdf`, advertise: false },
		]);
		const stored = items.map(
			(item) => sandbox.handle.store.declarations.get(String(item.json.declarationId))!,
		);
		expect(Buffer.from(stored[1].data, 'base64').toString('utf8')).toBe(
			'Överlåtelsedeklaration – säljarens uppgifter',
		);
		expect(stored.map((declaration) => declaration.estateId)).toEqual([condominium.id, cottage.id]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('An empty file is refused before anything is sent', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const { error } = await run({ estateId: condominium.id }, [
			await fileItem({ data: { bytes: Buffer.alloc(0), fileName: 'empty.pdf' } }),
		]);
		expect(error?.message).toBe('The file in the binary field "data" is empty');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('An item without the named binary field is refused before anything is sent, naming the field', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const { error } = await run({ estateId: condominium.id, binaryPropertyName: 'declaration' }, [
			await fileItem({ data: { bytes: DOCUMENT, fileName: 'a.pdf' } }),
		]);
		expect(error?.message).toContain("binary field 'declaration'");
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('A file without a name and no File Name option is refused before anything is sent', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const { error } = await run({ estateId: condominium.id }, [
			await fileItem({ data: { bytes: DOCUMENT, mimeType: 'application/pdf' } }),
		]);
		expect(error?.message).toBe('File Name is required');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('In XML the file goes as a File element and the answer gives the same item', async () => {
		const { cottage } = estateFixtures(sandbox.handle.store);
		const capture = await startWireCapture(sandbox.url);
		try {
			const input = [
				await fileItem({ data: { bytes: DOCUMENT, fileName: 'Energideklaration.pdf' } }),
			];
			const { items, error } = await run({ estateId: cottage.id, messageFormat: 'xml' }, input, {
				baseUrl: capture.url,
			});
			expect(error).toBeUndefined();
			const xml = capture.seen[0].body;
			expect(xml).toMatch(/^<File[ >]/);
			expect(xml).toContain(`<Data>${DOCUMENT.toString('base64')}</Data>`);
			expect(xml).toContain('<Name>Energideklaration.pdf</Name>');
			expect(xml).toContain('<Advertise>false</Advertise>');
			const declarationId = String(items[0].json.declarationId);
			expect(items[0].json).toEqual({ declarationId, estateId: cottage.id });
			expect(
				Buffer.from(sandbox.handle.store.declarations.get(declarationId)!.data, 'base64').equals(
					DOCUMENT,
				),
			).toBe(true);
		} finally {
			await capture.close();
		}
	});

	test('An estate of another customer fails with the access message; with Continue On Fail the next item is still added', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const foreign = [...sandbox.handle.store.estates.values()].find(
			(estate) => estate.customerId === 'M40099',
		)!;
		const file = await fileItem({ data: { bytes: DOCUMENT, fileName: 'a.pdf' } });
		const input = [
			{ ...file, json: { estate: foreign.id } },
			{ ...file, json: { estate: condominium.id } },
		];
		const { items, error } = await run({ estateId: '={{ $json.estate }}' }, input, {
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[0]).toMatchObject({
			json: { error: 'The credential has no access to this customer or record' },
			pairedItem: { item: 0 },
		});
		expect(items[1]).toMatchObject({ json: { estateId: condominium.id }, pairedItem: { item: 1 } });
		expect((await sandbox.requests()).map((request) => request.status)).toEqual([403, 200]);
	});
});
