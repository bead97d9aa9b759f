import { HookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	INode,
	INodeCredentials,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { additionalDataFor, HarnessNodeTypes, PACKAGE_PREFIX } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';
import { EstateBrokerNotificationSecretApi } from '../../../credentials/EstateBrokerNotificationSecretApi.credentials';

/**
 * Activation (publishing) of a workflow with the notification trigger: n8n calls the node's
 * webhookMethods in n8n-core's HookContext. The service has no subscription endpoint, so the
 * only thing activation does is refuse a credential's secret too weak to go live, naming the field.
 */
async function activate(secret: string | undefined) {
	const nodeType = packageNode('estateBrokerNotificationTrigger');
	const credentials: INodeCredentials =
		secret === undefined
			? {}
			: { estateBrokerNotificationSecretApi: { id: 's', name: 'Notification secret' } };
	const node: INode = {
		id: 'n',
		name: 'Notified',
		type: `${PACKAGE_PREFIX}.${nodeType.description.name}`,
		typeVersion: 1.1,
		position: [0, 0],
		parameters: {},
		credentials,
	};
	const workflow = new Workflow({
		id: 'w',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new HarnessNodeTypes([nodeType]),
	});
	const data: Record<string, ICredentialDataDecryptedObject> =
		secret === undefined ? {} : { estateBrokerNotificationSecretApi: { secret } };
	const context = new HookContext(workflow, node, additionalDataFor(data), 'trigger', 'activate');
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
		['no secret credential', undefined],
		['one with characters a URL would change', 'a b+c/d&e=f?g#h-0123456789abcdef'],
	])('refuses %s, naming the field and the rule', async (_case, secret) => {
		expect(await activate(secret)).toEqual({
			exists: false,
			created: undefined,
			error: expect.stringMatching(
				/^Secret (must be at least 24 characters long|may only hold letters, digits, '-' and '_')/,
			),
		});
	});

	test('goes live with a long random secret; nothing is registered with the service', async () => {
		expect(await activate('k3Jx9vQ2mW7pL4tR8nB6yH1s_-Z')).toEqual({
			exists: false,
			created: true,
			error: undefined,
		});
	});
});

/**
 * The credential's Test button: n8n's credentials tester calls the method the node names in
 * `testedBy` for that credential type (CredentialsTester: node description, then
 * methods.credentialTest). It sends nothing; it says whether the secret would go live.
 */
describe('Estate Broker Notification Secret: the credential and its Test', () => {
	async function testSecret(secret: unknown) {
		const nodeType = packageNode('estateBrokerNotificationTrigger');
		const credential = nodeType.description.credentials!.find(
			(entry) => entry.name === new EstateBrokerNotificationSecretApi().name,
		)!;
		const method = nodeType.methods!.credentialTest![credential.testedBy as string];
		return await method.call({} as ICredentialTestFunctions, {
			id: 'c',
			name: 'Secret',
			type: credential.name,
			data: { secret } as ICredentialDataDecryptedObject,
		});
	}

	test.each([
		['an empty secret', '', 'Secret must be at least 24 characters long'],
		['a short one', 'abc123', 'Secret must be at least 24 characters long'],
		[
			'one a URL would change',
			'a b+c/d&e=f?g#h-0123456789abcdef',
			"Secret may only hold letters, digits, '-' and '_', so it goes into the URL as it is",
		],
	])('refuses %s, naming the rule', async (_case, secret, message) => {
		expect(await testSecret(secret)).toEqual({ status: 'Error', message });
	});

	test('passes a long random secret, and never repeats it', async () => {
		const result = await testSecret('k3Jx9vQ2mW7pL4tR8nB6yH1s_-Z');
		expect(result.status).toBe('OK');
		expect(result.message).not.toContain('k3Jx9vQ2mW7pL4tR8nB6yH1s_-Z');
	});

	test('the secret is a masked credential field; the node has no secret parameter', () => {
		const [field] = new EstateBrokerNotificationSecretApi().properties;
		expect([field.name, field.type, field.typeOptions?.password, field.required]).toEqual([
			'secret',
			'string',
			true,
			true,
		]);
		const nodeType = packageNode('estateBrokerNotificationTrigger');
		expect(
			nodeType.description.properties.filter((property) => /secret/i.test(property.name)),
		).toEqual([]);
		expect(nodeType.description.credentials).toEqual([
			{ name: 'estateBrokerApi', required: true },
			{ name: 'estateBrokerNotificationSecretApi', required: true, testedBy: 'notificationSecret' },
		]);
	});
});
