import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { brokerRequest, type BrokerCall } from '../transport';

/**
 * One lookup call for a dropdown: the node's own Customer ID when the user set one (read
 * from the parameters being edited), else the credential's; the node's message format.
 */
export async function lookup(this: ILoadOptionsFunctions, call: Omit<BrokerCall, 'customerId' | 'format'>): Promise<unknown> {
	const customerId = this.getCurrentNodeParameter('customerId');
	const format = this.getCurrentNodeParameter('messageFormat');
	return await brokerRequest.call(this, {
		...call,
		// An expression cannot be resolved while editing; fall back to the credential's id.
		customerId: typeof customerId === 'string' && !customerId.startsWith('=') ? customerId : undefined,
		format: format === 'xml' ? 'xml' : 'json',
	});
}

/** The records of an answer that is a list, or a list under one property. */
export function recordsOf(body: unknown, property?: string): IDataObject[] {
	const root = property && body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject)[property] : body;
	if (!Array.isArray(root)) return root && typeof root === 'object' ? [root as IDataObject] : [];
	return root.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object');
}

/** Dropdown entries sorted by name, as n8n shows them. */
export function sortedOptions(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => a.name.localeCompare(b.name));
}
