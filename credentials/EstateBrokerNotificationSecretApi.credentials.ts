import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

import { SHORTEST_SECRET } from '../nodes/EstateBrokerNotificationTrigger/secret';

/**
 * The secret the service sends back in a notification trigger's receiver URL. A credential of
 * its own, as n8n's Webhook node keeps its header or basic auth: encrypted at rest, never in the
 * workflow's JSON, its executions, a download or a source-control push, and shareable without
 * showing it.
 */
export class EstateBrokerNotificationSecretApi implements ICredentialType {
	name = 'estateBrokerNotificationSecretApi';

	displayName = 'Estate Broker Notification Secret API';

	documentationUrl = 'https://github.com/estate-broker/n8n-nodes-estate-broker#credentials';

	icon: Icon = { light: 'file:icons/estateBroker.svg', dark: 'file:icons/estateBroker.dark.svg' };

	properties: INodeProperties[] = [
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: `At least ${SHORTEST_SECRET} random letters, digits, '-' or '_' (e.g. from a password manager). The subscription's receiver URL carries it as ?secret=…; a workflow with a weaker one is not published.`,
		},
	];
}
