import type { INodeListSearchResult } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { loaderContext } from '../../harness/loadOptions';
import { useSandbox } from '../../harness/sandbox';

/**
 * The contact picker as people type into it: letter case and Swedish letters folded both ways,
 * the same answer for the same text however it was typed, and a first page that is complete.
 * Against the sandbox, whose search (like the service's) compares letters as they are.
 */
const contacts = packageNode('estateBrokerContacts');
const searchContacts = contacts.methods!.listSearch!.searchContacts;
/** The test's own folding, to state what should match: lower case, accents off. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The five Sjöbergs of office M30011 in the sandbox's seed, by name (the picker's order for an equal match). */
const SJOBERGS = [
	'Christina Sjöberg',
	'Erik Sjöberg',
	'Ida Sjöberg',
	'Johan Sjöberg',
	'Maria Sjöberg',
];

describe('Contact picker: typed names, folded', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const store = () => sandbox.handle.store;
	const context = () => loaderContext(contacts, sandbox.credentials(), {});
	const names = (answer: INodeListSearchResult) => answer.results.map((r) => r.name.split(' (')[0]);
	const answer = async (text: string, token?: string) =>
		await searchContacts.call(context(), text, token);
	const ofOffice = () => [...store().contacts.values()].filter((c) => c.customerId === 'M30011');
	const nameOf = (c: ReturnType<typeof ofOffice>[number]) =>
		c.type === 'Person' ? `${c.firstName} ${c.lastName}` : c.companyName;

	test('"sjob", "Sjöb", "SJÖBERG" and "sjober" each give the office\'s five Sjöbergs, Johan Sjöberg among them', async () => {
		expect(
			ofOffice()
				.filter((c) => /sj[oö]berg/i.test(nameOf(c) ?? ''))
				.map(nameOf)
				.sort(),
		).toEqual(SJOBERGS);
		const answers = Object.fromEntries(
			await Promise.all(
				['sjob', 'Sjöb', 'SJÖBERG', 'sjober'].map(
					async (text) => [text, names(await answer(text))] as const,
				),
			),
		);
		expect(answers).toEqual({
			sjob: SJOBERGS,
			Sjöb: SJOBERGS,
			SJÖBERG: SJOBERGS,
			sjober: SJOBERGS,
		});
		// Five letters or more also ask the service's own search, which alone would miss them for "sjober".
		const searches = (await sandbox.requests())
			.filter((r) => r.path === '/CRM/Contact/M30011/Search')
			.map((r) => r.query['criteria.term']);
		expect(searches.sort()).toEqual(['SJÖBERG', 'sjober']);
	});

	test('Both ways: a name saved without ö ("Sjoberg") is found by "Sjöb" and by "sjöberg"', async () => {
		const johan = ofOffice().find((c) => `${c.firstName} ${c.lastName}` === 'Johan Sjöberg')!;
		Object.assign(johan, { lastName: 'Sjoberg', changedAt: '2026-03-02T06:59:00.000Z' });
		for (const text of ['Sjöb', 'sjöberg'])
			expect(names(await answer(text))).toContain('Johan Sjoberg');
	});

	test('The same text gets the same answer however fast it was typed, and a contact changed meanwhile shows as it is now', async () => {
		const direct = names(await answer('Sjöb'));
		for (const text of ['S', 'Sj', 'Sjö']) await answer(text);
		expect(names(await answer('Sjöb'))).toEqual(direct);
		const ida = ofOffice().find((c) => `${c.firstName} ${c.lastName}` === 'Ida Sjöberg')!;
		Object.assign(ida, { firstName: 'Ida-Lena', changedAt: '2026-03-02T06:59:30.000Z' });
		expect(names(await answer('Sjöb'))).toEqual([
			'Christina Sjöberg',
			'Erik Sjöberg',
			'Ida-Lena Sjöberg',
			'Johan Sjöberg',
			'Maria Sjöberg',
		]);
	});

	test("A next page asked with another text's token (n8n's editor files an answer under the text typed meanwhile) starts from the top", async () => {
		const typedBefore = await answer('S');
		expect(typedBefore.paginationToken).toBeDefined();
		expect(await answer('Sjöb', typedBefore.paginationToken)).toEqual(await answer('Sjöb'));
	});

	test('The first page is complete: 20 of all the matches, and the pages together hold each match once', async () => {
		const text = 'an';
		// What the list shows of each contact: the name, then the e-mail (a company: its organisation number) and the ID.
		const shown = (c: ReturnType<typeof ofOffice>[number]) =>
			(c.type === 'Company'
				? [c.companyName, c.corporateNumber]
				: [c.firstName, c.lastName, c.email]
			)
				.concat(c.id)
				.join(' ');
		const everyMatch = ofOffice().filter((c) => plain(shown(c)).includes(text));
		expect(everyMatch.length).toBeGreaterThan(40);
		const first = await answer(text);
		expect(first.results).toHaveLength(20);
		const seen = [...first.results];
		for (let token = first.paginationToken; token; ) {
			const next = await answer(text, token);
			seen.push(...next.results);
			token = next.paginationToken;
		}
		expect(seen.map((r) => r.value).sort()).toEqual(everyMatch.map((c) => c.id).sort());
		// Best match first: names starting with the text (or a word of them starting so) before names that hold it inside.
		const starts = (name: string) =>
			plain(name).startsWith(text) || plain(name).includes(` ${text}`);
		const firstInside = seen.findIndex((r) => !starts(r.name.split(' (')[0]));
		expect(seen.slice(firstInside).every((r) => !starts(r.name.split(' (')[0]))).toBe(true);
	});

	test('Names once read are kept: a second text costs one list call and no name reads', async () => {
		await answer('Sjöb');
		await sandbox.handle.reset();
		await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
		expect(names(await answer('jöbe'))).toEqual(SJOBERGS);
		expect((await sandbox.requests()).map((r) => r.path)).toEqual(['/CRM/Contact/M30011']);
	});
});
