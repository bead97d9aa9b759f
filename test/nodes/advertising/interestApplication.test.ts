import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { advertisingFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerAdvertising');

describe('Estate Broker Advertising: interest applications', () => {
	const sandbox = useSandbox();
	const run = async (parameters: IDataObject, input?: IDataObject[], continueOnFail = false) =>
		await runNode({
			nodeType,
			parameters: { resource: 'interestApplication', operation: 'create', ...parameters } as never,
			credentials: sandbox.credentials(),
			input,
			continueOnFail,
		});
	const contactCount = () => sandbox.handle.store.contacts.size;
	const newPerson = {
		firstName: 'Ingrid',
		lastName: 'Vallgren',
		additionalFields: { email: 'ingrid.vallgren@example.com', cellPhone: '070-555 12 34' },
	};

	test('Create sends every field under its record name and gives one item saying what was done', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const { items, error } = await run({
			estateId: estate.id,
			firstName: ' Ingrid ',
			lastName: 'Vallgren',
			additionalFields: {
				socialSecurityNumber: '19850312-4471',
				isForeignSocialSecurityNumber: false,
				streetAddress: 'Götgatan 12',
				zipCode: '11646',
				city: 'Stockholm',
				homePhone: '08-555 100',
				workPhone: '08-555 200',
				cellPhone: '070-555 12 34',
				otherPhone: '070-555 99 99',
				email: 'ingrid.vallgren@example.com',
				email2: 'ingrid@example.org',
				gdprApprovalDate: '2026-02-01T09:00:00Z',
				contactMessage: 'Is the balcony south-facing?',
				status: 'VeryInterested',
				leadSourceId: 'web-form',
				// A number, as an expression may give it: the model takes text.
				assignmentSourceId: 3,
				marketing: {
					value: {
						landingPageUrl:
							'https://www.example.com/objekt/42?utm_source=hemnet&utm_medium=cpc&visning=1&utm_campaign=v%C3%A5r',
						utmTags: {
							tag: [
								{ name: 'utm_medium', value: 'banner' },
								{ name: 'utm_content', value: 'top' },
							],
						},
					},
				},
				presentAccommodation: '{"estateType":"Tenancy","livingSpace":64}',
			},
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/Advertising/Estate/M30011/${estate.id}/interest`,
			status: 204,
		});
		expect(request.body).toEqual({
			firstName: 'Ingrid',
			lastName: 'Vallgren',
			socialSecurityNumber: '19850312-4471',
			isForeignSocialSecurityNumber: false,
			address: { streetAddress: 'Götgatan 12', zipCode: '11646', city: 'Stockholm' },
			telephone: {
				home: '08-555 100',
				work: '08-555 200',
				cell: '070-555 12 34',
				other: '070-555 99 99',
			},
			email: { emailAddress: 'ingrid.vallgren@example.com', emailAddress2: 'ingrid@example.org' },
			gdprApprovalDate: '2026-02-01T09:00:00.000Z',
			contactMessage: 'Is the balcony south-facing?',
			status: 'VeryInterested',
			leadSourceId: 'web-form',
			assignmentSourceId: '3',
			// The page without its UTM tags; its tags in order, one given by name replacing the page's, one added.
			marketing: {
				referrer: 'https://www.example.com/objekt/42?visning=1',
				utmTags: [
					{ name: 'utm_source', value: 'hemnet' },
					{ name: 'utm_medium', value: 'banner' },
					{ name: 'utm_campaign', value: 'vår' },
					{ name: 'utm_content', value: 'top' },
				],
			},
			presentAccommodation: { estateType: 'Tenancy', livingSpace: 64 },
		});
		expect(items.map((item) => item.json)).toEqual([
			{
				registered: true,
				estateId: estate.id,
				duplicateCheck: 'interest',
				firstName: 'Ingrid',
				lastName: 'Vallgren',
			},
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('A new person creates exactly one contact; sending the application again creates none', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const before = contactCount();
		const first = await run({ estateId: estate.id, ...newPerson });
		expect(first.error).toBeUndefined();
		expect(contactCount()).toBe(before + 1);
		const created = [...sandbox.handle.store.contacts.values()].at(-1)!;
		expect(created).toMatchObject({ firstName: 'Ingrid', lastName: 'Vallgren' });

		const again = await run({ estateId: estate.id, ...newPerson });
		expect(again.items.map((item) => item.json.registered)).toEqual([true]);
		expect(contactCount()).toBe(before + 1);
		expect((await sandbox.requests()).map((request) => request.status)).toEqual([204, 204]);
	});

	test('The restrictive form does not match a contact of another firm; the whole-database form does', async () => {
		const { estate, outsider } = advertisingFixtures(sandbox.handle.store);
		const person = {
			firstName: outsider.firstName,
			lastName: outsider.lastName,
			additionalFields: {
				socialSecurityNumber: outsider.socialSecurityNumber,
				email: 'outsider@mail.example',
			},
		};
		const before = contactCount();

		const restrictive = await run({
			estateId: estate.id,
			duplicateCheck: 'interestRestrictive',
			...person,
		});
		expect(restrictive.error).toBeUndefined();
		expect(restrictive.items[0].json).toMatchObject({
			registered: true,
			duplicateCheck: 'interestRestrictive',
		});
		expect(contactCount()).toBe(before + 1);

		const whole = await run({ estateId: estate.id, duplicateCheck: 'interest', ...person });
		expect(whole.error).toBeUndefined();
		expect(contactCount()).toBe(before + 1);
		expect((await sandbox.requests()).map((request) => request.path)).toEqual([
			`/Advertising/Estate/M30011/${estate.id}/interestRestrictive`,
			`/Advertising/Estate/M30011/${estate.id}/interest`,
		]);
	});

	test('Several form entries in one run give one paired item each', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const { items } = await run(
			{
				estateId: estate.id,
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				additionalFields: { email: '={{ $json.first }}@mail.example' },
			},
			[
				{ first: 'Ada', last: 'Berg' },
				{ first: 'Bo', last: 'Ek' },
				{ first: 'Cia', last: 'Lind' },
			],
		);
		expect(items.map((item) => [item.json.firstName, item.pairedItem])).toEqual([
			['Ada', { item: 0 }],
			['Bo', { item: 1 }],
			['Cia', { item: 2 }],
		]);
		expect(await sandbox.requests()).toHaveLength(3);
	});

	test('A name over 40 characters is refused before any request, naming the field', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const { error } = await run({
			estateId: estate.id,
			firstName: 'A'.repeat(41),
			lastName: 'Berg',
		});
		expect(error?.message).toBe('First Name must be 1 to 40 characters; got 41');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('The service needs an e-mail or a telephone: without one the application is refused before any request, naming the fields', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const { error } = await run({
			estateId: estate.id,
			firstName: 'Ada',
			lastName: 'Berg',
			additionalFields: { city: 'Lund', email: '  ' },
		});
		expect(error?.message).toBe(
			'Email, Second Email, Mobile Phone, Home Phone, Work Phone or Other Phone must be given',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Marketing: a landing page that is no web address, or a UTM tag without a name, is refused before any request', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const base = { estateId: estate.id, firstName: 'Ada', lastName: 'Berg' };
		const page = await run({
			...base,
			additionalFields: {
				email: 'ada@mail.example',
				marketing: { value: { landingPageUrl: 'objekt 42' } },
			},
		});
		expect(page.error?.message).toBe(
			'Marketing › Landing Page URL must be a web address such as https://www.example.com/page?utm_source=…; got "objekt 42"',
		);
		const unnamed = await run({
			...base,
			additionalFields: {
				email: 'ada@mail.example',
				marketing: { value: { utmTags: { tag: [{ name: ' ', value: 'x' }] } } },
			},
		});
		expect(unnamed.error?.message).toBe('Marketing › UTM Tags: tag 1 needs a Name');
		expect(await sandbox.requests()).toHaveLength(0);
		// An explicit referrer stands; no tags, no utmTags.
		const referred = await run({
			...base,
			additionalFields: {
				email: 'ada@mail.example',
				marketing: {
					value: {
						referrer: 'https://www.hemnet.se/',
						landingPageUrl: 'https://www.example.com/objekt/42',
					},
				},
			},
		});
		expect(referred.error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toMatchObject({
			marketing: { referrer: 'https://www.hemnet.se/' },
		});
		expect((await sandbox.requests())[0].body).not.toHaveProperty('marketing.utmTags');
	});

	test('A Duplicate Check that is neither form is refused before any request', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const { error } = await run({
			estateId: estate.id,
			duplicateCheck: 'FinalPriceWatched',
			firstName: 'Ada',
			lastName: 'Berg',
		});
		expect(error?.message).toMatch(/^Duplicate Check must be one of interest, interestRestrictive/);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('An estate of another firm is refused with the access message, and Continue On Fail keeps the other items', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const foreign = [...sandbox.handle.store.estates.values()].find(
			(candidate) => candidate.customerId === 'M40099',
		)!;
		const { items, error } = await run(
			{
				estateId: '={{ $json.estate }}',
				firstName: 'Ada',
				lastName: 'Berg',
				additionalFields: { email: 'ada@mail.example' },
			},
			[{ estate: foreign.id }, { estate: estate.id }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0]).toMatchObject({
			json: { error: 'The credential has no access to this customer or record' },
			pairedItem: { item: 0 },
		});
		expect(items[1]).toMatchObject({
			json: { registered: true, estateId: estate.id },
			pairedItem: { item: 1 },
		});
	});

	test('In XML the application goes as an XML document and the item is the same', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const marketing = {
			value: { landingPageUrl: 'https://www.example.com/objekt/42?utm_source=hemnet' },
		};
		const { items } = await run({
			estateId: estate.id,
			messageFormat: 'xml',
			...newPerson,
			additionalFields: { ...newPerson.additionalFields, marketing },
		});
		const [request] = await sandbox.requests();
		expect(request.contentType).toContain('application/xml');
		// One UTM tag still reads back as a list of one record.
		expect(request.body).toMatchObject({
			firstName: 'Ingrid',
			lastName: 'Vallgren',
			email: { emailAddress: 'ingrid.vallgren@example.com' },
			marketing: {
				referrer: 'https://www.example.com/objekt/42',
				utmTags: [{ name: 'utm_source', value: 'hemnet' }],
			},
		});
		expect(items.map((item) => item.json.registered)).toEqual([true]);
	});
});
