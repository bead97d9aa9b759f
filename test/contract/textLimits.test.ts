import type { IDataObject } from 'n8n-workflow';

import { TEXT_LIMITS } from '../../nodes/shared/limits';
import { runNode } from '../harness/engine';
import { packageNode } from '../harness/packageNodes';
import { useSandbox } from '../harness/sandbox';
import { MODEL_ENDPOINTS } from './models';
import fs from 'node:fs';
import path from 'node:path';

type Schema = Record<string, unknown>;
const definitions = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../docs/spec/models.json'), 'utf8')) as { definitions: Record<string, Schema> }).definitions;

/** Every maxLength a body schema reaches, by dotted wire path. */
function maxLengths(schema: Schema, at = '', seen = new Set<string>()): Record<string, number> {
	if (typeof schema.$ref === 'string') {
		const name = schema.$ref.replace('#/definitions/', '');
		return seen.has(name) ? {} : maxLengths(definitions[name], at, new Set([...seen, name]));
	}
	const out: Record<string, number> = {};
	for (const [name, inner] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
		if (typeof inner.maxLength === 'number') out[`${at}${name}`] = inner.maxLength;
		Object.assign(out, maxLengths(inner, `${at}${name}.`, seen));
	}
	return out;
}

const bodyOf = (method: string, template: string) => MODEL_ENDPOINTS.find((e) => e.method === method && e.path === template)!.body!;

describe('Contract: the text limits the nodes check are those of docs/spec/models.json', () => {
	test.each([
		['updatePerson', 'POST', '/Contacts/UpdatePerson'],
		['updateCompany', 'POST', '/Contacts/UpdateCompany'],
		['interestApplication', 'POST', '/Advertising/Estate/{customerId}/{estateId}/interest'],
		['interestApplication', 'POST', '/Advertising/Estate/{customerId}/{estateId}/interestRestrictive'],
		['cmsEstate', 'POST', '/Cottage/{customerId}'],
		['cmsEstate', 'PUT', '/Cottage/{customerId}/{id}'],
	] as const)('TEXT_LIMITS.%s equals every maxLength of %s %s', (table, method, template) => {
		// records.md (newer help pages) rules an interest application's names 1 to 40 characters.
		const recordsMd = table === 'interestApplication' ? { firstName: 40, lastName: 40 } : {};
		expect(TEXT_LIMITS[table]).toEqual({ ...maxLengths(bodyOf(method, template)), ...recordsMd });
	});

	test('the final-price watch person (assumed shape) takes the interest application limits, with a country code', () => {
		const expected = Object.fromEntries(Object.entries({ ...TEXT_LIMITS.interestApplication, 'address.countryCode': 2 }).map(([key, max]) => [`person.${key}`, max]));
		expect(TEXT_LIMITS.finalPriceWatchPerson).toEqual(expected);
	});
});

describe('Text longer than the service keeps is refused before sending, by the field and the limit', () => {
	const sandbox = useSandbox();
	const store = () => sandbox.handle.store;
	const person = () => [...store().contacts.values()].find((c) => c.customerId === 'M30011' && c.type === 'Person')!;
	const estate = () => [...store().estates.values()].find((e) => e.customerId === 'M30011' && e.status === 'ForSale')!;
	const cottage = () => [...store().estates.values()].find((e) => e.customerId === 'M30011' && e.type === 'Cottage')!;
	const text = (length: number) => 'Å'.repeat(length);

	const cases: { name: string; node: string; parameters: () => IDataObject; message: string }[] = [
		{ name: 'person first name', node: 'estateBrokerContacts', parameters: () => ({ resource: 'person', operation: 'upsert', firstName: text(31), lastName: 'Berg' }), message: 'First Name may have at most 30 characters; got 31' },
		{
			name: 'person address city',
			node: 'estateBrokerContacts',
			parameters: () => ({ resource: 'person', operation: 'upsert', contactId: person().id, additionalFields: { address: { value: { city: text(26) } } } }),
			message: 'Address: City may have at most 25 characters; got 26',
		},
		{ name: 'company name', node: 'estateBrokerContacts', parameters: () => ({ resource: 'company', operation: 'upsert', companyName: text(51) }), message: 'Company Name may have at most 50 characters; got 51' },
		{
			name: 'interest application email',
			node: 'estateBrokerAdvertising',
			parameters: () => ({ resource: 'interestApplication', operation: 'create', estateId: estate().id, duplicateCheck: 'interest', firstName: 'Ingrid', lastName: 'Berg', additionalFields: { email: `${'a'.repeat(90)}@example.com` } }),
			message: 'Email may have at most 100 characters; got 102',
		},
		{
			name: 'interest application first name',
			node: 'estateBrokerAdvertising',
			parameters: () => ({ resource: 'interestApplication', operation: 'create', estateId: estate().id, duplicateCheck: 'interest', firstName: text(41), lastName: 'Berg' }),
			message: 'First Name must be 1 to 40 characters; got 41',
		},
		{
			name: 'final-price watch zip code',
			node: 'estateBrokerAdvertising',
			parameters: () => ({ resource: 'finalPriceWatch', operation: 'create', estateId: estate().id, firstName: 'Ingrid', lastName: 'Berg', additionalFields: { zipCode: '1'.repeat(16) } }),
			message: 'Zip Code may have at most 15 characters; got 16',
		},
		{
			name: 'cottage sell phrase',
			node: 'estateBrokerEstates',
			parameters: () => ({ resource: 'cottage', operation: 'update', cottageId: cottage().id, description: { sellPhrase: text(21) } }),
			message: 'Description: Sell Phrase may have at most 20 characters; got 21',
		},
		{
			name: 'condominium city',
			node: 'estateBrokerEstates',
			parameters: () => ({ resource: 'condominium', operation: 'update', condominiumId: estate().id, address: { city: text(26) } }),
			message: 'Address: City may have at most 25 characters; got 26',
		},
	];

	test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		const { error } = await runNode({ nodeType: packageNode(c.node), parameters: c.parameters() as never, credentials: sandbox.credentials() });
		expect(error?.message).toBe(c.message);
		expect(await sandbox.requests()).toEqual([]);
	});

	test('text at the limit is sent, and the sandbox (reading models.json) takes it', async () => {
		const { error } = await runNode({
			nodeType: packageNode('estateBrokerContacts'),
			parameters: { resource: 'person', operation: 'upsert', contactId: person().id, firstName: text(30), additionalFields: { address: { value: { city: text(25) } } } } as never,
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0]).toMatchObject({ path: '/Contacts/UpdatePerson', status: 200 });
		expect(store().contacts.get(person().id)).toMatchObject({ firstName: text(30) });
	});
});
