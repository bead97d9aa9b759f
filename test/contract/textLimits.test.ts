import type { IDataObject } from 'n8n-workflow';

import { TEXT_LIMITS } from '../../nodes/shared/rules';
import { runNode } from '../harness/engine';
import { packageNode } from '../harness/packageNodes';
import { useSandbox } from '../harness/sandbox';
import { DEFINITIONS, endpointOf, type ModelSource } from './models';

type Schema = Record<string, unknown>;

/** Every maxLength a body schema reaches in its description, by dotted wire path. */
function maxLengths(
	schema: Schema,
	source: ModelSource,
	at = '',
	seen = new Set<string>(),
): Record<string, number> {
	if (typeof schema.$ref === 'string') {
		const name = schema.$ref.replace('#/definitions/', '');
		return seen.has(name)
			? {}
			: maxLengths(DEFINITIONS[source][name], source, at, new Set([...seen, name]));
	}
	const out: Record<string, number> = {};
	for (const [name, inner] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
		if (typeof inner.maxLength === 'number') out[`${at}${name}`] = inner.maxLength;
		Object.assign(out, maxLengths(inner, source, `${at}${name}.`, seen));
	}
	return out;
}

describe('Contract: the text limits the nodes check are those of docs/spec/models-2026.json, else models.json', () => {
	test.each([
		['updatePerson', 'POST', '/Contacts/UpdatePerson', 'models-2026.json'],
		['updateCompany', 'POST', '/Contacts/UpdateCompany', 'models-2026.json'],
		[
			'interestApplication',
			'POST',
			'/Advertising/Estate/{customerId}/{estateId}/interest',
			'models-2026.json',
		],
		[
			'interestApplication',
			'POST',
			'/Advertising/Estate/{customerId}/{estateId}/interestRestrictive',
			'models-2026.json',
		],
		[
			'finalPriceWatchPerson',
			'POST',
			'/Advertising/Estate/{customerId}/{estateId}/FinalPriceWatched',
			'models-2026.json',
		],
		['cmsEstate', 'POST', '/Cottage/{customerId}', 'models.json'],
		['cmsEstate', 'PUT', '/Cottage/{customerId}/{id}', 'models.json'],
	] as const)(
		'TEXT_LIMITS.%s equals every maxLength of %s %s (%s)',
		(table, method, template, source) => {
			const endpoint = endpointOf(method, template)!;
			expect(endpoint.source).toBe(source);
			expect(TEXT_LIMITS[table]).toEqual(maxLengths(endpoint.body!, endpoint.source));
		},
	);
});

describe('Text longer than the service keeps is refused before sending, by the field and the limit', () => {
	const sandbox = useSandbox();
	const store = () => sandbox.handle.store;
	const person = () =>
		[...store().contacts.values()].find((c) => c.customerId === 'M30011' && c.type === 'Person')!;
	const estate = () =>
		[...store().estates.values()].find((e) => e.customerId === 'M30011' && e.status === 'ForSale')!;
	const cottage = () =>
		[...store().estates.values()].find((e) => e.customerId === 'M30011' && e.type === 'Cottage')!;
	const text = (length: number) => 'Å'.repeat(length);

	const cases: { name: string; node: string; parameters: () => IDataObject; message: string }[] = [
		{
			name: 'person first name',
			node: 'estateBrokerContacts',
			parameters: () => ({
				resource: 'person',
				operation: 'upsert',
				firstName: text(31),
				lastName: 'Berg',
				cellPhone: '070-123 45 67',
			}),
			message: 'First Name may have at most 30 characters; got 31',
		},
		{
			name: 'person address city',
			node: 'estateBrokerContacts',
			parameters: () => ({
				resource: 'person',
				operation: 'upsert',
				contactId: person().id,
				cellPhone: '070-123 45 67',
				additionalFields: { address: { value: { city: text(26) } } },
			}),
			message: 'Address: City may have at most 25 characters; got 26',
		},
		{
			name: 'company name',
			node: 'estateBrokerContacts',
			parameters: () => ({ resource: 'company', operation: 'upsert', companyName: text(101) }),
			message: 'Company Name may have at most 100 characters; got 101',
		},
		{
			name: 'interest application email',
			node: 'estateBrokerAdvertising',
			parameters: () => ({
				resource: 'interestApplication',
				operation: 'create',
				estateId: estate().id,
				duplicateCheck: 'interest',
				firstName: 'Ingrid',
				lastName: 'Berg',
				additionalFields: { email: `${'a'.repeat(90)}@example.com` },
			}),
			message: 'Email may have at most 100 characters; got 102',
		},
		{
			name: 'interest application first name',
			node: 'estateBrokerAdvertising',
			parameters: () => ({
				resource: 'interestApplication',
				operation: 'create',
				estateId: estate().id,
				duplicateCheck: 'interest',
				firstName: text(41),
				lastName: 'Berg',
				additionalFields: { email: 'ingrid@mail.example' },
			}),
			message: 'First Name must be 1 to 40 characters; got 41',
		},
		{
			name: 'final-price watch zip code',
			node: 'estateBrokerAdvertising',
			parameters: () => ({
				resource: 'finalPriceWatch',
				operation: 'create',
				estateId: estate().id,
				firstName: 'Ingrid',
				lastName: 'Berg',
				additionalFields: { zipCode: '1'.repeat(16), cellPhone: '070-123 45 67' },
			}),
			message: 'Zip Code may have at most 15 characters; got 16',
		},
		{
			name: 'cottage sell phrase',
			node: 'estateBrokerEstates',
			parameters: () => ({
				resource: 'cottage',
				operation: 'update',
				cottageId: cottage().id,
				description: { sellPhrase: text(21) },
			}),
			message: 'Description: Sell Phrase may have at most 20 characters; got 21',
		},
		{
			name: 'condominium city',
			node: 'estateBrokerEstates',
			parameters: () => ({
				resource: 'condominium',
				operation: 'update',
				condominiumId: estate().id,
				address: { city: text(26) },
			}),
			message: 'Address: City may have at most 25 characters; got 26',
		},
	];

	test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		const { error } = await runNode({
			nodeType: packageNode(c.node),
			parameters: c.parameters() as never,
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe(c.message);
		expect(await sandbox.requests()).toEqual([]);
	});

	test('text at the limit is sent, and the sandbox (reading models-2026.json) takes it', async () => {
		const { error } = await runNode({
			nodeType: packageNode('estateBrokerContacts'),
			parameters: {
				resource: 'person',
				operation: 'upsert',
				contactId: person().id,
				firstName: text(30),
				cellPhone: '070-123 45 67',
				additionalFields: { address: { value: { city: text(25) } } },
			} as never,
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0]).toMatchObject({
			path: '/Contacts/UpdatePerson',
			status: 200,
		});
		expect(store().contacts.get(person().id)).toMatchObject({ firstName: text(30) });
	});

	test('the limits models-2026.json widened are sent: a 20-character personal or organisation number, a 100-character company name', async () => {
		const number = '1'.repeat(20);
		const personRun = await runNode({
			nodeType: packageNode('estateBrokerContacts'),
			parameters: {
				resource: 'person',
				operation: 'upsert',
				socialSecurityNumber: number,
				cellPhone: '070-123 45 67',
				additionalFields: { isForeignSocialSecurityNumber: true },
			} as never,
			credentials: sandbox.credentials(),
		});
		expect(personRun.error).toBeUndefined();
		const companyRun = await runNode({
			nodeType: packageNode('estateBrokerContacts'),
			parameters: {
				resource: 'company',
				operation: 'upsert',
				companyName: text(100),
				corporateNumber: number,
				additionalFields: { isForeignCorporateNumber: true },
			} as never,
			credentials: sandbox.credentials(),
		});
		expect(companyRun.error).toBeUndefined();
		const writes = (await sandbox.requests()).filter((request) => request.method === 'POST');
		expect(writes.map((request) => request.status)).toEqual([200, 200]);
		expect(writes[0].bodyAsSent).toMatchObject({
			socialSecurityNumber: number,
			isForeignSocialSecurityNumber: true,
		});
		expect(writes[1].bodyAsSent).toMatchObject({
			companyName: text(100),
			corporateNumber: number,
			isForeignCorporateNumber: true,
		});
		expect(store().contacts.get(String(companyRun.items[0].json.contactId))).toMatchObject({
			companyName: text(100),
			isForeignCorporateNumber: true,
		});
	});
});
