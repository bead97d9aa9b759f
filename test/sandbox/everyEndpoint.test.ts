import fs from 'node:fs';
import path from 'node:path';

import { startTestSandbox, type TestSandbox } from './helpers';

/**
 * The sandbox serves every endpoint of endpoints.tsv with its method: each one answers the
 * demo user with something other than the catch-all "no such resource" 404 (a record 404,
 * a 400 for the made-up input, or success). The area tests check what each one does.
 */
const UNKNOWN_ROUTE = 'No HTTP resource was found that matches the request URI.';

const endpoints = fs
	.readFileSync(path.resolve(__dirname, '../../docs/spec/endpoints.tsv'), 'utf8')
	.trim()
	.split('\n')
	.slice(1)
	.map((line) => {
		const [, method, template] = line.split('\t');
		return { method, template };
	});

/** Fills the placeholders with plausible values; ids need not exist. */
function fill(template: string): string {
	const values: Record<string, string> = {
		customerId: 'M30011',
		year: '2026',
		month: '3',
		officeId: 'M30011',
		userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
	};
	return template.replace(/\{(\w+)\}/g, (_match, name: string) =>
		encodeURIComponent(values[name] ?? 'X1'),
	);
}

describe('every endpoint of endpoints.tsv is served', () => {
	let sandbox: TestSandbox;
	beforeAll(async () => {
		sandbox = await startTestSandbox();
	});
	afterAll(async () => await sandbox.handle.close());

	it('lists 78 endpoints', () => expect(endpoints).toHaveLength(78));

	it.each(
		endpoints.map(({ method, template }) => [`${method} ${template}`, method, template] as const),
	)('%s', async (_name, method, template) => {
		const response = await sandbox.demo.request({
			method,
			url: fill(template),
			params: {
				customerId: 'M30011',
				'criteria.customerId': 'M30011',
				'request.customerId': 'M30011',
			},
			data: ['POST', 'PUT'].includes(method) ? {} : undefined,
		});
		expect(response.data?.message).not.toBe(UNKNOWN_ROUTE);
		expect([200, 204, 400, 403, 404]).toContain(response.status);
	});

	it('an unknown path or a wrong method gets the catch-all 404', async () => {
		const unknown = await sandbox.demo.get('/CRM/NoSuchThing/M30011');
		expect(unknown.status).toBe(404);
		expect(unknown.data.message).toBe(UNKNOWN_ROUTE);
		const wrongMethod = await sandbox.demo.put('/Area/GetAreas');
		expect(wrongMethod.data.message).toBe(UNKNOWN_ROUTE);
	});
});
