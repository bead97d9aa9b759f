import { packageNode } from '../../harness/packageNodes';
import { resourceRunner } from '../../harness/resourceRunner';
import type { useSandbox } from '../../harness/sandbox';

type Sandbox = ReturnType<typeof useSandbox>;
type Store = Sandbox['handle']['store'];

export const nodeType = packageNode('estateBrokerContacts');

/** Runs the Contacts node for one resource against the sandbox, as the demo user. */
export const contactsRunner = (sandbox: Sandbox, resource: string) =>
	resourceRunner(sandbox, nodeType, resource);

/** Seeded contacts of office M30011 by type, in id order. */
export function contactsOf(
	store: Store,
	type: 'Person' | 'Company' | 'DeceasedEstate',
	customerId = 'M30011',
) {
	return [...store.contacts.values()]
		.filter((c) => c.type === type && c.customerId === customerId)
		.sort((a, b) => a.id.localeCompare(b.id));
}
