import type { ICredentialDataDecryptedObject, INodeParameters, INodeType } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { loaderContext } from '../../harness/loadOptions';
import { useSandbox } from '../../harness/sandbox';

/** The pickers' lists as the editor asks for them: n8n-core's LoadOptionsContext, a search text and a paging token, against the sandbox. */
const contacts = packageNode('estateBrokerContacts');
const bids = packageNode('estateBrokerBid');
const search = (nodeType: INodeType, method: string) => nodeType.methods!.listSearch![method];

describe('Record pickers: the lists behind From list', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const store = () => sandbox.handle.store;
	const context = (
		nodeType: INodeType,
		parameters: INodeParameters = {},
		credentials: ICredentialDataDecryptedObject = sandbox.credentials(),
	) => loaderContext(nodeType, credentials, parameters);
	const ofOffice = () => [...store().contacts.values()].filter((c) => c.customerId === 'M30011');
	const nameOf = (c: ReturnType<typeof ofOffice>[number]) =>
		c.type === 'Person' ? `${c.firstName} ${c.lastName}` : c.companyName;

	test('No text: the last changed contacts, 20 with their names, and a token for the next 20', async () => {
		const all = ofOffice().sort(
			(a, b) => b.changedAt.localeCompare(a.changedAt) || a.id.localeCompare(b.id),
		);
		const first = await search(contacts, 'searchContacts').call(context(contacts));
		expect(first.results.map((r) => r.value)).toEqual(all.slice(0, 20).map((c) => c.id));
		expect(first.results.map((r) => r.name.split(' (')[0])).toEqual(
			all
				.slice(0, 20)
				.map((c) => (c.type === 'DeceasedEstate' ? expect.stringMatching(/^Dödsbo/) : nameOf(c))),
		);
		expect(first.paginationToken).toBe('20');
		const second = await search(contacts, 'searchContacts').call(
			context(contacts),
			'',
			first.paginationToken,
		);
		expect(second.results.map((r) => r.value)).toEqual(all.slice(20, 40).map((c) => c.id));
		// One list call and the names by type, at most 20 ids a call (up to five in the path, more in
		// the contactIds query: idListCall's form, as the events trigger and the reads by id).
		const requests = await sandbox.requests();
		expect(requests.filter((r) => r.path === '/CRM/Contact/M30011')).toHaveLength(2);
		const ids = (r: (typeof requests)[number]) =>
			(r.query.contactIds ? String(r.query.contactIds) : (r.path.split('/')[5] ?? ''))
				.split(',')
				.filter(Boolean);
		expect(
			requests.every((r) =>
				/^\/CRM\/Contact\/M30011(\/(Person|Company|DeceasedEstate)(\/[^/]+)?)?$/.test(r.path),
			),
		).toBe(true);
		const reads = requests.filter((r) => r.path !== '/CRM/Contact/M30011');
		expect(reads.length).toBeGreaterThan(0);
		expect(reads.every((r) => ids(r).length >= 1 && ids(r).length <= 20)).toBe(true);
	});

	test('Part of a name (under five letters) keeps the contacts whose name holds it', async () => {
		const person = ofOffice().find((c) => c.type === 'Person')!;
		const part = person.lastName!.slice(1, 4);
		const found = await search(contacts, 'searchContacts').call(context(contacts), part);
		expect(found.results.length).toBeGreaterThan(0);
		const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
		expect(found.results.every((r) => plain(r.name).includes(plain(part)))).toBe(true);
		const everyMatch = ofOffice().filter(
			(c) =>
				plain(nameOf(c) ?? '').includes(plain(part)) || plain(c.email ?? '').includes(plain(part)),
		);
		expect(found.results.length).toBeLessThanOrEqual(everyMatch.length);
	});

	test("Five letters or more: the service's own search too, best match first, with names", async () => {
		const person = ofOffice().find((c) => c.type === 'Person' && (c.lastName ?? '').length >= 5)!;
		const found = await search(contacts, 'searchContacts').call(
			context(contacts),
			person.lastName!,
		);
		const searchCall = (await sandbox.requests()).find((r) => r.path.endsWith('/Search'));
		expect(searchCall).toMatchObject({
			path: '/CRM/Contact/M30011/Search',
			query: { 'criteria.term': person.lastName },
		});
		expect(found.results.map((r) => r.value)).toContain(person.id);
		expect(found.results.find((r) => r.value === person.id)!.name).toContain(
			`${person.firstName} ${person.lastName}`,
		);
		expect(found.paginationToken).toBeUndefined();
	});

	test("The node's Customer ID chooses the office searched", async () => {
		const found = await search(contacts, 'searchContacts').call(
			context(contacts, { customerId: 'M30012' }),
		);
		expect(found.results.length).toBe(20);
		expect(
			found.results.every((r) => store().contacts.get(String(r.value))!.customerId === 'M30012'),
		).toBe(true);
	});

	test('Bids: those of the estate chosen on the node, newest first, the amount as a number; text narrows them', async () => {
		const bid = [...store().bids.values()].find(
			(b) => b.customerId === 'M30011' && !b.isCanceled && !b.isHidden,
		)!;
		const onEstate = [...store().bids.values()].filter(
			(b) => b.estateId === bid.estateId && !b.isHidden,
		);
		const found = await search(bids, 'searchBids').call(
			context(bids, { estateId: { __rl: true, mode: 'id', value: bid.estateId } }),
		);
		const request = (await sandbox.requests()).find((r) => r.path === '/CRM/Bids/M30011');
		expect(request).toMatchObject({
			path: '/CRM/Bids/M30011',
			query: { 'criteria.estateId': bid.estateId },
		});
		expect(found.results.map((r) => r.value).sort()).toEqual(onEstate.map((b) => b.id).sort());
		const entry = found.results.find((r) => r.value === bid.id)!;
		const estate = store().estates.get(bid.estateId)!;
		expect(entry.name).toContain(
			`${Number(bid.amount).toLocaleString('sv-SE')} on ${estate.address.streetAddress}, ${estate.address.zipCode} (${bid.estateId})`,
		);
		const narrowed = await search(bids, 'searchBids').call(context(bids), bid.id);
		expect(narrowed.results.map((r) => r.value)).toEqual([bid.id]);
	});
});

describe('Record pickers of one kind of contact', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const context = () => loaderContext(contacts, sandbox.credentials(), {});

	test.each([
		['searchPersons', 'Person'],
		['searchCompanies', 'Company'],
		['searchDeceasedEstates', 'DeceasedEstate'],
	])('%s lists only %s contacts, browsing and searching', async (method, type) => {
		const listed = await search(contacts, method).call(context());
		expect(listed.results.length).toBeGreaterThan(0);
		expect(
			listed.results.every(
				(r) => sandbox.handle.store.contacts.get(String(r.value))!.type === type,
			),
		).toBe(true);
		const found = await search(contacts, method).call(context(), 'Dödsbo efter');
		expect(
			found.results.every((r) => sandbox.handle.store.contacts.get(String(r.value))!.type === type),
		).toBe(true);
	});
});
