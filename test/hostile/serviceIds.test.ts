import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { loaderContext } from '../harness/loadOptions';
import { packageNode } from '../harness/packageNodes';
import { jsonOf, poller } from '../nodes/trigger/poller';
import { type SeenRequest, useScriptedServer } from './scriptedServer';

/**
 * IDs the service gives pass the same path checks as typed ones. A read-back of the
 * ID a write answered, the trigger's fetch of full contacts and a contact picker's names each
 * meet IDs that would change the endpoint ("..", ".", blank) or split a list (a comma): none
 * goes out; the record is still given, with what could not be read said.
 */
const server = useScriptedServer();
const BAD_IDS = ['..', '.', ' ', 'C1,C2'];
const PERSON_LIST = '/CRM/Contact/M30011/Person';

/** No call went to an endpoint other than one of the record paths with a good id, or the listed paths. */
function wrongCalls(requests: SeenRequest[], allowed: string[]): string[] {
	return requests
		.map(
			(request) =>
				`${request.path}${request.query.contactIds !== undefined ? `?contactIds=${request.query.contactIds}` : ''}`,
		)
		.filter((call) => !allowed.includes(call));
}

describe('IDs the service gives, checked as typed ones', () => {
	// A blank answer is no id at all (upsertWrites.test.ts).
	it.each(BAD_IDS.filter((id) => id.trim() !== ''))(
		'Create or Update person: the write answers "%s"; the item keeps it and says why, and nothing reads it',
		async (id) => {
			server.script((request) =>
				request.path === '/Contacts/UpdatePerson'
					? { body: JSON.stringify(id), type: 'application/json' }
					: { body: [{ id: 'P-elsewhere' }] },
			);
			const { items, error } = await runNode({
				nodeType: packageNode('estateBrokerContacts'),
				parameters: {
					resource: 'person',
					operation: 'upsert',
					firstName: 'Ada',
					cellPhone: '070-123 45 67',
				},
				credentials: server.credentials(),
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({
				contactId: id,
				readBackError: expect.stringMatching(
					/^The saved ID from the service must (not be "\." or "\.\."|not hold a comma)/,
				),
			});
			expect(server.requests.map((request) => request.path)).toEqual(['/Contacts/UpdatePerson']);
		},
	);

	it('the trigger fetching full contacts: a listed contact whose id no path may carry goes out as listed, with why; the others whole', async () => {
		const at = '2026-11-25T10:00:00Z';
		const listed = [...BAD_IDS, 'P1'].map((id) => ({ id, changedAt: at }));
		server.script((request) => {
			if (request.path === '/CRM/Contact/M30011')
				return { body: { persons: listed, companies: [], deceasedEstates: [] } };
			const ids = request.path.startsWith(`${PERSON_LIST}/`)
				? decodeURIComponent(request.path.slice(PERSON_LIST.length + 1)).split(',')
				: [];
			return { body: ids.map((id) => ({ id, firstName: `Name of ${id}` })) };
		});
		const run = await poller(server, {
			event: 'contactCreatedOrChanged',
			fetchFullContacts: true,
		}).poll('manual');
		expect(run.error).toBeUndefined();
		// Fetch Test Event gives the newest; every contact has the same time, so the last by key: check all through a poll that emits existing.
		const all = await poller(server, {
			event: 'contactCreatedOrChanged',
			fetchFullContacts: true,
			emitExistingOnFirstRun: true,
		}).poll();
		expect(all.error).toBeUndefined();
		const items = jsonOf(all);
		expect(
			items.map((item) => [item.id, item.firstName ?? null, typeof item.fullContactError]).sort(),
		).toEqual(
			[...BAD_IDS.map((id) => [id, null, 'string']), ['P1', 'Name of P1', 'undefined']].sort(),
		);
		expect(wrongCalls(server.requests, ['/CRM/Contact/M30011', `${PERSON_LIST}/P1`])).toEqual([]);
	});

	it('a contact picker leaves out a listed contact whose id no call could carry, and reads the names of the others', async () => {
		const listed = [...BAD_IDS, 'P1'].map((id, index) => ({
			id,
			changedAt: `2026-11-2${index}T10:00:00Z`,
		}));
		server.script((request) => {
			if (request.path === '/CRM/Contact/M30011')
				return { body: { persons: listed, companies: [], deceasedEstates: [] } };
			// The ids as idListCall sends them: up to five in the path, more in the contactIds query.
			const ids = String(request.query.contactIds ?? request.path.split('/').pop() ?? '');
			return {
				body: ids
					.split(',')
					.map((id) => decodeURIComponent(id))
					.map((id) => ({ id, firstName: 'Ada', lastName: id })),
			};
		});
		const contacts = packageNode('estateBrokerContacts');
		const found = await contacts.methods!.listSearch!.searchPersons.call(
			loaderContext(contacts, server.credentials(), {}),
		);
		expect(found.results.map((entry) => entry.value)).toEqual(['P1']);
		expect(wrongCalls(server.requests, ['/CRM/Contact/M30011', `${PERSON_LIST}/P1`])).toEqual([]);
	});
});

export type { IDataObject };
