import type { INodeParameters, INodeType } from 'n8n-workflow';

import { loaderContext } from '../../harness/loadOptions';
import { packageNode } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';

/** The lists of the agent, area, focus area and estate pickers, as the editor asks for them: n8n-core's LoadOptionsContext against the sandbox. */
const office = packageNode('estateBrokerOffice');
const search = (nodeType: INodeType, method: string) => nodeType.methods!.listSearch![method];

describe('Record pickers: agents, areas, focus areas, estates', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const store = () => sandbox.handle.store;
	const list = async (
		method: string,
		filter?: string,
		token?: string,
		parameters: INodeParameters = {},
	) =>
		await search(office, method).call(
			loaderContext(office, sandbox.credentials(), parameters),
			filter,
			token,
		);

	test("Agents: the office's agents by their names, archived ones left out; part of a name or a login narrows them", async () => {
		const agents = store().agentsOf('G2');
		const found = await list('searchAgents', undefined, undefined, { customerId: 'G2' });
		expect(found.results.map((r) => r.value).sort()).toEqual(
			agents
				.filter((a) => !a.archived)
				.map((a) => a.userId)
				.sort(),
		);
		for (const result of found.results) {
			const agent = agents.find((a) => a.userId === result.value)!;
			expect(result.name).toBe(`${agent.firstName} ${agent.lastName}`);
		}
		expect(found.paginationToken).toBeUndefined();
		const sara = agents.find((a) => a.firstName === 'Sara' && !a.archived)!;
		const byName = await list('searchAgents', 'HOLMB', undefined, { customerId: 'G2' });
		expect(byName.results.map((r) => r.value)).toEqual([sara.userId]);
		const byLogin = await list('searchAgents', sara.userName, undefined, { customerId: 'G2' });
		expect(byLogin.results.map((r) => r.value)).toEqual([sara.userId]);
		expect((await list('searchAgents', 'nobody by this name')).results).toEqual([]);
	});

	test('Areas: by name from GetAreas, archived ones left out; text narrows them', async () => {
		const areas = [...store().areas.values()].filter((a) => a.customerId === 'M30011');
		areas[0].archived = true;
		const found = await list('searchAreas');
		expect(found.results.map((r) => r.value).sort()).toEqual(
			areas
				.slice(1)
				.map((a) => a.areaId)
				.sort(),
		);
		expect(found.results.map((r) => r.name).sort()).toEqual(
			areas
				.slice(1)
				.map((a) => a.areaName)
				.sort(),
		);
		const wanted = areas[1];
		const narrowed = await list('searchAreas', wanted.areaName.slice(0, 4).toLowerCase());
		expect(narrowed.results.map((r) => r.value)).toContain(wanted.areaId);
		expect(
			narrowed.results.every(
				(r) =>
					r.name.toLowerCase().includes(wanted.areaName.slice(0, 4).toLowerCase()) ||
					(r.description ?? '').toLowerCase().includes(wanted.areaName.slice(0, 4).toLowerCase()),
			),
		).toBe(true);
		expect(narrowed.results.length).toBeLessThan(found.results.length);
		expect((await sandbox.requests())[0]).toMatchObject({
			path: '/Area/GetAreas',
			query: { 'criteria.customerId': 'M30011' },
		});
	});

	test('Focus areas: by the names they were drawn with; text narrows them', async () => {
		const drawn = (id: string, areaName: string, customerId = 'M30011') =>
			store().focusAreas.set(id, {
				id,
				customerId,
				areaName,
				municipalityCode: '0180',
				coordinates: [
					[18.07, 59.31],
					[18.09, 59.31],
					[18.08, 59.32],
				],
				createdAt: '2026-03-01T08:00:00.000Z',
			});
		drawn('FA9001', 'Södermalm east');
		drawn('FA9002', 'Kungsholmen west');
		drawn('FA9003', 'Another office', 'M30012');
		const found = await list('searchFocusAreas');
		expect(found.results).toEqual([
			{ name: 'Kungsholmen west', value: 'FA9002', description: 'Municipality 0180' },
			{ name: 'Södermalm east', value: 'FA9001', description: 'Municipality 0180' },
		]);
		expect((await list('searchFocusAreas', 'söder')).results.map((r) => r.value)).toEqual([
			'FA9001',
		]);
		expect((await sandbox.requests())[0]).toMatchObject({
			path: '/Area/FocusArea',
			query: { 'request.customerId': 'M30011' },
		});
	});

	test("Estates: the office's estates by address, kind, status and agent, last changed first; text narrows them", async () => {
		const estates = [...store().estates.values()]
			.filter((e) => e.customerId === 'M30011')
			.sort((a, b) => b.changedAt.localeCompare(a.changedAt) || a.id.localeCompare(b.id));
		const found = await list('searchEstates');
		expect(found.results.map((r) => r.value)).toEqual(estates.map((e) => e.id));
		const first = estates[0];
		const agent = store().agents.get(first.agentId)!;
		expect(found.results[0]).toEqual({
			name: `${first.address.streetAddress}, ${first.address.zipCode} (${first.type}, ${first.status}, ${agent.firstName} ${agent.lastName})`,
			value: first.id,
			description: `Estate number ${first.estateNumber}`,
		});
		const street = first.address.streetAddress ?? '';
		const narrowed = await list('searchEstates', street);
		expect(narrowed.results.map((r) => r.value)).toEqual(
			estates
				.filter((e) => `${e.address.streetAddress}, ${e.address.zipCode}`.includes(street))
				.map((e) => e.id),
		);
		const byNumber = await list('searchEstates', first.estateNumber);
		expect(byNumber.results.map((r) => r.value)).toContain(first.id);
		expect((await sandbox.requests())[0]).toMatchObject({
			path: '/BusinessIntelligence/GetSalesReport',
			query: { customerId: 'M30011', selectionType: 'Create' },
		});
	});

	test('Estates: a long list comes 50 at a time, with a token for the next page', async () => {
		const model = [...store().estates.values()].find((e) => e.customerId === 'M30011')!;
		for (let i = 0; i < 60; i++) {
			const id = `OBJ30011_${2_041_190_000 + i}`;
			store().estates.set(id, {
				...model,
				id,
				estateNumber: `9${i}`,
				changedAt: `2025-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
			});
		}
		const total = [...store().estates.values()].filter((e) => e.customerId === 'M30011').length;
		const first = await list('searchEstates');
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('50');
		const second = await list('searchEstates', undefined, first.paginationToken);
		expect(second.results).toHaveLength(total - 50);
		expect(second.paginationToken).toBeUndefined();
		expect(new Set([...first.results, ...second.results].map((r) => r.value)).size).toBe(total);
	});

	test('Bids: a picked estate (a picker itself now) chooses the bids listed', async () => {
		const bids = packageNode('estateBrokerBid');
		const bid = [...store().bids.values()].find((b) => b.customerId === 'M30011' && !b.isHidden)!;
		for (const estateId of [bid.estateId, { __rl: true, mode: 'list', value: bid.estateId }]) {
			await sandbox.clearRequests();
			await search(bids, 'searchBids').call(
				loaderContext(bids, sandbox.credentials(), { estateId }),
			);
			expect((await sandbox.requests()).find((r) => r.path === '/CRM/Bids/M30011')!.query).toEqual({
				'criteria.estateId': bid.estateId,
			});
		}
	});

	test("Bids: named by their estate's address, so part of a street finds them; without the sales report, by the estate's ID", async () => {
		const bids = packageNode('estateBrokerBid');
		const context = () => loaderContext(bids, sandbox.credentials(), {});
		const bid = [...store().bids.values()].find(
			(b) => b.customerId === 'M30011' && !b.isHidden && !b.isCanceled,
		)!;
		const street = store().estates.get(bid.estateId)!.address.streetAddress!;
		const found = await search(bids, 'searchBids').call(context(), street);
		expect(found.results.map((r) => r.value)).toContain(bid.id);
		const onStreet = [...store().bids.values()].filter(
			(b) =>
				b.customerId === 'M30011' &&
				!b.isHidden &&
				(store().estates.get(b.estateId)!.address.streetAddress ?? '').includes(street),
		);
		expect(found.results.map((r) => r.value).sort()).toEqual(onStreet.map((b) => b.id).sort());
		await sandbox.control('faults', {
			kind: 'status500',
			count: 5,
			pathPrefix: '/BusinessIntelligence/GetSalesReport',
		});
		const plain = await search(bids, 'searchBids').call(context(), bid.id);
		expect(plain.results).toHaveLength(1);
		expect(plain.results[0].name).toContain(` on ${bid.estateId}, `);
		expect(plain.results[0].name).not.toContain(street);
	});

	test('Offices: those the Customer ID covers, by the names the sales report gives them; text narrows them', async () => {
		const found = await list('searchOffices', undefined, undefined, { customerId: 'G2' });
		const offices = ['M30011', 'M30012'].map((id) => store().offices.get(id)!);
		expect(found.results).toEqual(
			offices
				.map((o) => ({ name: `${o.name} (${o.customerId})`, value: o.customerId }))
				.sort((a, b) => a.name.localeCompare(b.name)),
		);
		const narrowed = await list('searchOffices', offices[1].name.slice(-5), undefined, {
			customerId: 'G2',
		});
		expect(narrowed.results.map((r) => r.value)).toEqual([offices[1].customerId]);
		expect((await list('searchOffices')).results.map((r) => r.value)).toEqual(['M30011']);
	});
});
