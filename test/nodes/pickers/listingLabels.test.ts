import path from 'node:path';

import type { INodeListSearchResult, INodeType } from 'n8n-workflow';

import { loaderContext } from '../../harness/loadOptions';
import { packageNode, packageProcessState } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';

/**
 * The Estate picker (Published Estate › Get) as n8n's editor calls it, through n8n-core's
 * LoadOptionsContext, against the sandbox with an office of 500 published estates: the labels
 * read once are kept while the list's rows show the same change time.
 */
const estates = packageNode('estateBrokerEstates');
const searchPublishedEstates = estates.methods!.listSearch!.searchPublishedEstates;

/** The process's kept state as the loaded package holds it. */
const processState = packageProcessState();

const OFFICE_LISTINGS = 500;

describe('Estate picker: a record read once while its list row shows the same change time', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const store = () => sandbox.handle.store;
	const context = (nodeType: INodeType, customerId = '') =>
		loaderContext(nodeType, sandbox.credentials(), {
			resource: 'estate',
			operation: 'get',
			customerId,
		});
	const publishedOf = (office: string) =>
		[...store().estates.values()].filter(
			(estate) =>
				estate.customerId === office && store().advertising.listings.get(estate.id)?.isPublished,
		);

	/** Opens the picker, then scrolls it to its end as the editor does (each page by its token): the entries. */
	async function scrollToEnd(customerId = ''): Promise<string[]> {
		const values: string[] = [];
		let token: string | undefined;
		do {
			const page: INodeListSearchResult = await searchPublishedEstates.call(
				context(estates, customerId),
				undefined,
				token,
			);
			values.push(...page.results.map((entry) => String(entry.value)));
			token = page.paginationToken as string | undefined;
		} while (token !== undefined);
		return values;
	}

	const calls = async () => {
		const requests = await sandbox.requests();
		await sandbox.clearRequests();
		return {
			list: requests.filter((r) => /^\/Advertising\/Estate\/M\d+$/.test(r.path)).length,
			reads: requests.filter((r) => /^\/Advertising\/Estate\/M\d+\/[^/]+$/.test(r.path)).length,
			all: requests.length,
		};
	};

	beforeEach(async () => {
		processState.forgetProcessState();
		await sandbox.control('seed', { scale: { listings: 0 } });
		const seeded = publishedOf('M30011').length;
		await sandbox.control('seed', { scale: { listings: OFFICE_LISTINGS - seeded } });
		expect(publishedOf('M30011')).toHaveLength(OFFICE_LISTINGS);
		await sandbox.clearRequests();
	});

	test('500 listings: an open costs 1 + 20 calls, then 1; the whole list 525, then its 25 pages; one estate changed, 1 more read', async () => {
		const first = await searchPublishedEstates.call(context(estates));
		expect(first.results).toHaveLength(20);
		expect(await calls()).toEqual({ list: 1, reads: 20, all: 21 });

		const again = await searchPublishedEstates.call(context(estates));
		expect(again.results).toEqual(first.results);
		expect(await calls()).toEqual({ list: 1, reads: 0, all: 1 });

		processState.forgetProcessState();
		const everyEstate = await scrollToEnd();
		expect(new Set(everyEstate).size).toBe(OFFICE_LISTINGS);
		expect(await calls()).toEqual({ list: 25, reads: 500, all: 525 });

		expect(await scrollToEnd()).toEqual(everyEstate);
		expect(await calls()).toEqual({ list: 25, reads: 0, all: 25 });

		// A broker marks the first listed estate Sold: its row's change time moves, it alone is read again.
		const sold = everyEstate[0];
		await sandbox.control('estateStatus', { estateId: sold, status: 'Sold' });
		await sandbox.clearRequests();
		const afterSale = await searchPublishedEstates.call(context(estates));
		expect(await calls()).toEqual({ list: 1, reads: 1, all: 2 });
		const entry = afterSale.results.find((result) => result.value === sold)!;
		expect(entry.name).toMatch(/Såld/);
		expect(first.results.find((result) => result.value === sold)!.name).not.toMatch(/Såld/);
		// 1,100 calls on loopback: seconds alone, minutes on a machine busy with other runs.
	}, 600_000);

	test('Kept per customer and user; only the entry, never the credential', async () => {
		await searchPublishedEstates.call(context(estates));
		await calls();
		// The same user under another office of the group: its own estates, read by id, none of M30011's.
		const other = await searchPublishedEstates.call(context(estates, 'M30012'));
		const otherCalls = await calls();
		expect(other.results.length).toBeGreaterThan(0);
		expect(otherCalls.reads).toBe(other.results.length);
		const m30011 = new Set(publishedOf('M30011').map((estate) => estate.id));
		expect(other.results.filter((entry) => m30011.has(String(entry.value)))).toEqual([]);
		// Another user of the same office reads the records again, under its own rights.
		await searchPublishedEstates.call(
			loaderContext(
				estates,
				sandbox.credentials({ username: 'sodermalm', password: 'sodermalm-password', apiKey: '' }),
				{ resource: 'estate', operation: 'get' },
			),
		);
		expect(await calls()).toEqual({ list: 1, reads: 20, all: 21 });
		// What is kept: per label the entry shown and the row's change time, nothing of a credential.
		const kept = [...processState.processStore('listingLabels').values()] as Array<{
			changedAt: string;
			entry: object;
		}>;
		expect(kept).toHaveLength(20 + other.results.length + 20);
		for (const label of kept) {
			expect(Object.keys(label).sort()).toEqual(['changedAt', 'entry']);
			expect(
				Object.keys(label.entry).every((key) => ['name', 'value', 'description'].includes(key)),
			).toBe(true);
		}
		const text = JSON.stringify([...processState.processStore('listingLabels')]);
		for (const secret of ['demo-password', 'demo-api-key', 'sodermalm-password'])
			expect(text).not.toContain(secret);
	});

	test('At most LISTING_LABELS_KEPT labels: the least recently used goes first', async () => {
		const { LISTING_LABELS_KEPT } = require(
			path.resolve(__dirname, '../../../dist/nodes/shared/pickers/listingLabels.js'),
		) as { LISTING_LABELS_KEPT: number };
		expect(LISTING_LABELS_KEPT).toBe(10_000);
		const labels = processState.processStore('listingLabels');
		await searchPublishedEstates.call(context(estates));
		const ours = [...labels.keys()];
		for (let n = labels.size; n < LISTING_LABELS_KEPT; n++)
			labels.set(`older ${n}`, { changedAt: '', entry: { name: '', value: '' } });
		await calls();
		// Used again, the office's labels become the most recent; the next page's 20 push out 20 older ones.
		await searchPublishedEstates.call(context(estates));
		await searchPublishedEstates.call(context(estates), undefined, '1');
		expect(await calls()).toEqual({ list: 2, reads: 20, all: 22 });
		expect(labels.size).toBe(LISTING_LABELS_KEPT);
		expect(ours.every((key) => labels.has(key))).toBe(true);
		expect(labels.has('older 20')).toBe(false);
		expect(labels.has('older 39')).toBe(false);
		expect(labels.has('older 40')).toBe(true);
	});
});
