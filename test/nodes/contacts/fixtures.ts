import type { IDataObject } from 'n8n-workflow';

import { EstateBrokerContacts } from '../../../nodes/EstateBrokerContacts/EstateBrokerContacts.node';
import { runNode } from '../../harness/engine';
import type { useSandbox } from '../../harness/sandbox';

type Sandbox = ReturnType<typeof useSandbox>;
type Store = Sandbox['handle']['store'];

export const nodeType = new EstateBrokerContacts();

/** Runs the Contacts node for one resource against the sandbox, as the demo user in M30011. */
export function contactsRunner(sandbox: Sandbox, resource: string) {
	return async (parameters: Record<string, unknown>, options: { input?: IDataObject[]; continueOnFail?: boolean; credentials?: IDataObject } = {}) =>
		await runNode({
			nodeType,
			parameters: { resource, ...parameters } as never,
			credentials: sandbox.credentials(options.credentials as never),
			input: options.input,
			continueOnFail: options.continueOnFail,
		});
}

/** Seeded contacts of office M30011 by type, in id order. */
export function contactsOf(store: Store, type: 'Person' | 'Company' | 'DeceasedEstate', customerId = 'M30011') {
	return [...store.contacts.values()].filter((c) => c.type === type && c.customerId === customerId).sort((a, b) => a.id.localeCompare(b.id));
}
