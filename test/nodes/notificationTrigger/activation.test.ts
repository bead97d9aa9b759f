import { HookContext } from 'n8n-core';
import type { INode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { additionalDataFor, HarnessNodeTypes, PACKAGE_PREFIX } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';

/**
 * Activation (publishing) of a workflow with the notification trigger: n8n calls the node's
 * webhookMethods in n8n-core's HookContext. The service has no subscription endpoint, so the
 * only thing activation does is refuse a secret too weak to go live, naming the field.
 */
async function activate(secret: unknown) {
	const nodeType = packageNode('estateBrokerNotificationTrigger');
	const node: INode = { id: 'n', name: 'Notified', type: `${PACKAGE_PREFIX}.${nodeType.description.name}`, typeVersion: 1.1, position: [0, 0], parameters: { secret } as INode['parameters'] };
	const workflow = new Workflow({ id: 'w', nodes: [node], connections: {}, active: true, nodeTypes: new HarnessNodeTypes([nodeType]) });
	const context = new HookContext(workflow, node, additionalDataFor({}), 'trigger', 'activate');
	const methods = nodeType.webhookMethods!.default!;
	const exists = await methods.checkExists.call(context);
	try {
		return { exists, created: await methods.create.call(context), error: undefined };
	} catch (error) {
		return { exists, created: undefined, error: (error as Error).message };
	}
}

describe('Estate Broker Notification Trigger: activation', () => {
	test.each([
		['an empty secret', ''],
		['a short one', 'abc123'],
		['one with characters a URL would change', 'a b+c/d&e=f?g#h-0123456789abcdef'],
	])('refuses %s, naming the field and the rule', async (_case, secret) => {
		expect(await activate(secret)).toEqual({ exists: false, created: undefined, error: expect.stringMatching(/^Secret (must be at least 24 characters long|may only hold letters, digits, '-' and '_')/) });
	});

	test('goes live with a long random secret; nothing is registered with the service', async () => {
		expect(await activate('k3Jx9vQ2mW7pL4tR8nB6yH1s_-Z')).toEqual({ exists: false, created: true, error: undefined });
	});
});
