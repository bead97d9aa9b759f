import { estateOf, findContact, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const BID_FIELDS = [
	'alias',
	'amount',
	'condition',
	'contactId',
	'createdAt',
	'estateId',
	'id',
	'identifiedBidder',
	'isCanceled',
	'isHidden',
];

describe('CRM bids (4.6)', () => {
	it('places a bid and reads it back', async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const placed = await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, {
			amount: '4150000',
			condition: 'Villkorat av lånelöfte',
			createdAt: '2026-01-15T10:00:00Z',
		});
		expect(placed.status).toBe(200);
		expect(placed.data).toMatch(/^B\d{6}$/);
		const bid = await sb.demo.get(`/CRM/Bid/M30011/${placed.data}`);
		expect(bid.status).toBe(200);
		expect(Object.keys(bid.data).sort()).toEqual(BID_FIELDS);
		expect(bid.data).toMatchObject({
			id: placed.data,
			estateId: estate.id,
			contactId: contact.id,
			amount: '4150000',
			isCanceled: false,
			isHidden: false,
			identifiedBidder: false,
			createdAt: '2026-01-15T11:00:00',
		});
		expect(bid.data.alias).toMatch(/^Budgivare \d+$/);
	});

	it('lists visible bids newest first, filtered by estate and contact', async () => {
		const all = await sb.demo.get('/CRM/Bids/G2');
		expect(all.status).toBe(200);
		expect(all.data.length).toBeGreaterThan(50);
		const times = all.data.map((b: { createdAt: string }) => b.createdAt);
		expect([...times].sort().reverse()).toEqual(times);
		expect(
			all.data.every(
				(b: { isHidden: boolean; isCanceled: boolean }) => !b.isHidden && !b.isCanceled,
			),
		).toBe(true);
		const estateId = all.data[0].estateId;
		const byEstate = await sb.demo.get('/CRM/Bids/G2', {
			params: { 'criteria.estateId': estateId },
		});
		expect(byEstate.data.length).toBeGreaterThan(0);
		expect(byEstate.data.every((b: { estateId: string }) => b.estateId === estateId)).toBe(true);
		const contactId = all.data[0].contactId;
		const byBoth = await sb.demo.get('/CRM/Bids/G2', {
			params: { 'criteria.estateId': estateId, 'criteria.contactId': contactId },
		});
		expect(
			byBoth.data.every(
				(b: { estateId: string; contactId: string }) =>
					b.estateId === estateId && b.contactId === contactId,
			),
		).toBe(true);
		const office = await sb.demo.get('/CRM/Bids/M30012');
		const uppsalaEstates = new Set(
			[...sb.handle.store.estates.values()]
				.filter((e) => e.customerId === 'M30012')
				.map((e) => e.id),
		);
		expect(office.data.every((b: { estateId: string }) => uppsalaEstates.has(b.estateId))).toBe(
			true,
		);
	});

	it('keeps hidden bids on the hidden list only', async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const id = (
			await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, {
				amount: 5_000_000,
				isHidden: true,
			})
		).data;
		const hidden = await sb.demo.get('/CRM/HiddenBids/M30011', {
			params: { 'criteria.estateId': estate.id },
		});
		expect(hidden.data.map((b: { id: string }) => b.id)).toContain(id);
		expect(hidden.data.every((b: { isHidden: boolean }) => b.isHidden)).toBe(true);
		const visible = await sb.demo.get('/CRM/Bids/M30011', {
			params: { 'criteria.estateId': estate.id },
		});
		expect(visible.data.map((b: { id: string }) => b.id)).not.toContain(id);
	});

	it('annuls a bid: true, then false; the bid leaves the lists but stays readable', async () => {
		const visible = (await sb.demo.get('/CRM/Bids/M30011')).data;
		const id = visible[0].id;
		const first = await sb.demo.delete(`/CRM/Bid/M30011/${id}`);
		expect(first.status).toBe(200);
		expect(first.data).toBe(true);
		expect((await sb.demo.delete(`/CRM/Bid/M30011/${id}`)).data).toBe(false);
		const after = (await sb.demo.get('/CRM/Bids/M30011')).data;
		expect(after.map((b: { id: string }) => b.id)).not.toContain(id);
		expect(after).toHaveLength(visible.length - 1);
		expect((await sb.demo.get(`/CRM/Bid/M30011/${id}`)).data.isCanceled).toBe(true);
		expect((await sb.demo.delete('/CRM/Bid/M30011/B999999')).status).toBe(404);
	});

	it("places a verified bid with the bidder's own personal number", async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011', (c) => !!c.socialSecurityNumber);
		const url = `/CRM/Bid/Verified/M30011/${estate.id}/${contact.id}`;
		const placed = await sb.demo.post(url, {
			amount: '3000000',
			socialSecurityNumber: contact.socialSecurityNumber,
		});
		expect(placed.status).toBe(200);
		expect((await sb.demo.get(`/CRM/Bid/M30011/${placed.data}`)).data.identifiedBidder).toBe(true);
		const mismatch = await sb.demo.post(url, {
			amount: '3000000',
			socialSecurityNumber: '19000101-0008',
		});
		expect(mismatch.status).toBe(400);
		expect(mismatch.data.errors[0].field).toBe('socialSecurityNumber');
		const missing = await sb.demo.post(url, { amount: '3000000' });
		expect(missing.data.errors).toEqual([
			{ field: 'socialSecurityNumber', message: 'is required' },
		]);
	});

	it('validates the bid body and the records it names', async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const noAmount = await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, {
			alias: 'x',
		});
		expect(noAmount.status).toBe(400);
		expect(noAmount.data.errors).toEqual([{ field: 'amount', message: 'is required' }]);
		const badAmount = await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, {
			amount: 'lots',
		});
		expect(badAmount.data.errors[0]).toEqual({
			field: 'amount',
			message: 'must be a positive amount',
		});
		const badHidden = await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, {
			amount: '1',
			isHidden: 'maybe',
		});
		expect(badHidden.data.errors[0]).toEqual({
			field: 'isHidden',
			message: 'must be true or false',
		});
		expect(
			(await sb.demo.post(`/CRM/Bid/M30011/OBJ30011_2041199999/${contact.id}`, { amount: '1' }))
				.status,
		).toBe(404);
		const foreignEstate = estateOf(sb, 'M30012');
		expect(
			(await sb.demo.post(`/CRM/Bid/M30011/${foreignEstate.id}/${contact.id}`, { amount: '1' }))
				.status,
		).toBe(403);
	});
});

describe('CRM buyers (4.6)', () => {
	it('reads the buyer economy (bank with account, insurance company) and stores a loan promise', async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const economyUrl = `/CRM/Buyer/M30011/${contact.id}/Estate/${estate.id}/Economy`;
		const before = await sb.demo.get(economyUrl);
		expect(before.status).toBe(200);
		expect(Object.keys(before.data).sort()).toEqual(['bank', 'insuranceCompany']);
		expect(Object.keys(before.data.bank).sort()).toEqual([
			'accountNumber',
			'clearingNumber',
			'name',
		]);
		expect(typeof before.data.insuranceCompany.name).toBe('string');
		const loanPromise = {
			bank: 'Swedbank',
			validUntil: '2027-03-01T00:00:00Z',
			estateType: 'House',
			estateId: estate.id,
			status: 'VerifiedByBank',
			financing: 'Bank',
		};
		const promise = await sb.demo.post(`/CRM/Buyer/M30011/${contact.id}/LoanPromise`, loanPromise);
		expect(promise.status).toBe(200);
		expect(promise.data).toMatch(/^LP\d{5}$/);
		const after = await sb.demo.get(economyUrl);
		expect(after.data.bank).toEqual(before.data.bank);
		expect(sb.handle.store.loanPromises.get(promise.data)).toMatchObject({
			contactId: contact.id,
			...loanPromise,
		});
		// Buyer_LoanPromise (models-2026.json): its choices, by name.
		const invalid = await sb.demo.post(`/CRM/Buyer/M30011/${contact.id}/LoanPromise`, {
			estateType: 'Condominium',
			financing: 'Cash',
		});
		expect(invalid.status).toBe(400);
		expect(invalid.data.errors.map((e: { field: string }) => e.field).sort()).toEqual([
			'estateType',
			'financing',
		]);
		expect(
			(
				await sb.demo.post(`/CRM/Buyer/M30011/${contact.id}/LoanPromise`, {
					estateId: 'OBJ30011_2041199999',
				})
			).status,
		).toBe(404);
	});
});
