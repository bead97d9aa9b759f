/** Seed users of the sandbox and the API-key header; exported for tests and the harness. */

export interface SandboxUser {
	userName: string;
	password: string;
	/** When set, endpoints for categories, /Contacts and /CRM/Contact also need this key. */
	apiKey?: string;
	/** Customer ids the user may use; a group id grants its offices as well. */
	customerIds: string[];
}

export const SANDBOX_API_KEY_HEADER = 'X-Api-Key';

export const SANDBOX_USERS: readonly SandboxUser[] = Object.freeze([
	{ userName: 'demo', password: 'demo-password', apiKey: 'demo-api-key', customerIds: ['G2'] },
	{ userName: 'sodermalm', password: 'sodermalm-password', customerIds: ['M30011'] },
	{
		userName: 'other',
		password: 'other-password',
		apiKey: 'other-api-key',
		customerIds: ['M40099'],
	},
]);
