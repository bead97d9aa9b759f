import type { SandboxStore } from '../../sandbox/src';
import { recordFigures } from '../harness/figures';
import { startTestSandbox, type TestSandbox } from '../sandbox/helpers';
import {
	MODEL_ENDPOINTS,
	countsBySource,
	describeErrors,
	endpointOf,
	shapesOf,
	validatorOf,
} from './models';

/**
 * Contract, answers: every endpoint models-2026.json or models.json gives an answer for (the
 * newer where both do), called on the seeded
 * sandbox (the records of a whole office where the endpoint reads records by id), each answer
 * valid against the endpoint's model with no property the model lacks.
 */

interface Call {
	template: string;
	method?: string;
	/** The URLs to call; several when the records of the seed take more than one call. */
	urls(store: SandboxStore): string[];
}

/** At most `max` per part, in parts of even size (a single id would be the one-record form). */
function chunks<T>(list: T[], max: number): T[][] {
	const size = Math.ceil(list.length / Math.ceil(list.length / max));
	return Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
		list.slice(i * size, i * size + size),
	);
}

function contactsOf(store: SandboxStore, type?: string): string[] {
	return [...store.contacts.values()]
		.filter((c) => c.customerId === 'M30011' && (!type || c.type === type))
		.map((c) => c.id);
}

/** One call per id, the ids 20 at a time (the most a call takes), and, where the pages describe it, as the contactIds query. */
function byIds(prefix: string, ids: (store: SandboxStore) => string[]): Call[] {
	const calls: Call[] = [
		{
			template: `/CRM/Contact/{customerId}${prefix}/{contactId}`,
			urls: (store) => ids(store).map((id) => `/CRM/Contact/M30011${prefix}/${id}`),
		},
		{
			template: `/CRM/Contact/{customerId}${prefix}/{contactIds}`,
			urls: (store) =>
				chunks(ids(store), 20).map((part) => `/CRM/Contact/M30011${prefix}/${part.join(',')}`),
		},
	];
	if (prefix && prefix !== '/Speculator') {
		calls.push({
			template: `/CRM/Contact/{customerId}${prefix}`,
			urls: (store) =>
				chunks(ids(store), 20).map(
					(part) => `/CRM/Contact/M30011${prefix}?contactIds=${part.join(',')}`,
				),
		});
	}
	return calls;
}

const soldEstate = (store: SandboxStore) =>
	[...store.estates.values()].find((e) => e.customerId === 'M30011' && e.status === 'Sold')!;
const period = 'customerId=M30011&selectionType=Create&dateFrom=2025-03-01&dateTo=2026-03-01';

const CALLS: Call[] = [
	{ template: '/Area/GetAreas', urls: () => ['/Area/GetAreas?criteria.customerId=G2'] },
	{
		template: '/BusinessIntelligence/GetSalesReportForEstate',
		urls: (store) => [
			`/BusinessIntelligence/GetSalesReportForEstate?customerId=M30011&estateId=${soldEstate(store).id}`,
		],
	},
	{
		template: '/BusinessIntelligence/GetSalesReport',
		urls: () => [`/BusinessIntelligence/GetSalesReport?${period}`],
	},
	{
		template: '/BusinessIntelligence/GetEstateReportProdDb',
		urls: () => [`/BusinessIntelligence/GetEstateReportProdDb?${period}`],
	},
	{
		template: '/BusinessIntelligence/GetEstatesReport',
		urls: () => [`/BusinessIntelligence/GetEstatesReport?${period}`],
	},
	{
		template: '/BusinessIntelligence/Estates',
		urls: () => ['/BusinessIntelligence/Estates?customerId=G2'],
	},
	{
		template: '/BusinessIntelligence/TipsAndLeads/Report',
		urls: () => [
			'/BusinessIntelligence/TipsAndLeads/Report?customerId=G2&dateFrom=2026-01-02&dateTo=2026-03-02',
		],
	},
	{ template: '/Category/GetCategories', urls: () => ['/Category/GetCategories?customerId=G2'] },
	{
		template: '/Contacts/GetContactsWithPhonenumber',
		urls: (store) => [
			`/Contacts/GetContactsWithPhonenumber?phoneNumber=${encodeURIComponent([...store.contacts.values()].find((c) => c.cellPhone)!.cellPhone)}`,
		],
	},
	{
		template: '/CRM/Bid/{customerId}/{id}',
		urls: (store) =>
			[...store.bids.values()]
				.filter((b) => b.customerId === 'M30011')
				.slice(0, 20)
				.map((b) => `/CRM/Bid/M30011/${b.id}`),
	},
	{
		template: '/CRM/Bid/{customerId}/{id}',
		method: 'DELETE',
		urls: (store) => [
			`/CRM/Bid/M30011/${[...store.bids.values()].find((b) => b.customerId === 'M30011')!.id}`,
		],
	},
	{ template: '/CRM/Bids/{customerId}', urls: () => ['/CRM/Bids/G2'] },
	{ template: '/CRM/HiddenBids/{customerId}', urls: () => ['/CRM/HiddenBids/G2'] },
	{
		template: '/CRM/Buyer/{customerId}/{contactId}/Estate/{estateId}/Economy',
		urls: (store) => [
			`/CRM/Buyer/M30011/${contactsOf(store, 'Person')[0]}/Estate/${soldEstate(store).id}/Economy`,
		],
	},
	{ template: '/CRM/Contact/{customerId}', urls: () => ['/CRM/Contact/G2'] },
	{
		template: '/CRM/Contact/{customerId}/Search',
		urls: () => ['/CRM/Contact/M30011/Search?criteria.term=Stockholm&criteria.maxSize=200'],
	},
	{
		template: '/CRM/Contact/{customerId}/search/SocialNumber',
		urls: (store) => [
			`/CRM/Contact/M30011/search/SocialNumber?criteria.socialNumber=${store.contacts.get(contactsOf(store, 'Person')[0])!.socialSecurityNumber}`,
		],
	},
	{
		template: '/CRM/Contact/{customerId}/SearchProfile/SearchProfileValues',
		urls: () => ['/CRM/Contact/M30011/SearchProfile/SearchProfileValues'],
	},
	...byIds('', (store) => contactsOf(store)),
	...byIds('/Company', (store) => contactsOf(store, 'Company')),
	...byIds('/Person', (store) => contactsOf(store, 'Person')),
	...byIds('/DeceasedEstate', (store) => contactsOf(store, 'DeceasedEstate')),
	...byIds('/PresentAccomodation', (store) =>
		contactsOf(store).filter((id) => store.presentAccommodations.has(id)),
	),
	{
		template: '/CRM/Contact/{customerId}/PresentAccomodation/Statistics',
		urls: () => ['/CRM/Contact/G2/PresentAccomodation/Statistics'],
	},
	...byIds('/Speculator', (store) => contactsOf(store, 'Person').slice(0, 40)),
	{ template: '/IncreasedRequirement/{customerId}', urls: () => ['/IncreasedRequirement/M30011'] },
	{
		template: '/Advertising/Association/{customerId}/{associationId}',
		urls: (store) =>
			[...store.associations.values()]
				.filter((a) => store.inScope(a.customerId, 'G2'))
				.map((a) => `/Advertising/Association/G2/${a.id}`),
	},
];

describe('Contract: every sandbox answer follows docs/spec/models-2026.json, else models.json', () => {
	let sandbox: TestSandbox;
	const results = new Map<string, { records: number; errors: string[] }>();
	beforeAll(async () => {
		sandbox = await startTestSandbox({ now: '2026-03-02T07:00:00Z' });
	});
	afterAll(async () => await sandbox.handle.close());

	test('every endpoint with an answer in models.json is called', () => {
		const called = new Set(CALLS.map((call) => `${call.method ?? 'GET'} ${call.template}`));
		const modelled = MODEL_ENDPOINTS.filter((e) => e.answer && e.answer.type !== 'string').map(
			(e) => `${e.method} ${e.path}`,
		);
		expect(modelled.filter((key) => !called.has(key))).toEqual([]);
	});

	test.each(CALLS.map((call) => [`${call.method ?? 'GET'} ${call.template}`, call] as const))(
		'%s',
		async (key, call) => {
			const validate = validatorOf(call.method ?? 'GET', call.template, 'answer');
			const urls = call.urls(sandbox.handle.store);
			expect(urls.length).toBeGreaterThan(0);
			const errors: string[] = [];
			let records = 0;
			for (const url of urls) {
				const response = await sandbox.demo.request({ method: call.method ?? 'GET', url });
				expect(response.status).toBe(200);
				records += Array.isArray(response.data) ? response.data.length : 1;
				if (!validate(response.data))
					errors.push(...describeErrors(validate.errors).map((line) => `${url}: ${line}`));
			}
			results.set(key, { records, errors });
			expect(errors.slice(0, 10)).toEqual([]);
		},
	);

	afterAll(() => {
		const checked = new Map(
			[...results.keys()].map((key) => {
				const [method, template] = key.split(' ');
				const endpoint = endpointOf(method, template)!;
				return [key, shapesOf(endpoint.answer, endpoint.source)] as const;
			}),
		);
		const shapes = new Set([...checked.values()].flatMap((set) => [...set]));
		const lines = [...results].map(
			([key, r]) =>
				`  ${r.errors.length ? 'OFF' : 'ok '} ${key} (${endpointOf(key.split(' ')[0], key.split(' ')[1])!.source}, ${r.records} records)`,
		);
		recordFigures(
			'Contract, answers',
			`${results.size} endpoints, ${shapes.size} shapes (${countsBySource(checked)})\n${lines.join('\n')}`,
		);
	});
});
