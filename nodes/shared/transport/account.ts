import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'estateBrokerApi';

/** The customer id a call is scoped by: the node's own, or the credential's default. */
export function resolveCustomerId(
	node: INode,
	nodeValue: unknown,
	credentials: ICredentialDataDecryptedObject,
	itemIndex?: number,
): string {
	const own = typeof nodeValue === 'string' || typeof nodeValue === 'number' ? String(nodeValue).trim() : '';
	const fallback = typeof credentials.customerId === 'string' ? credentials.customerId.trim() : '';
	const customerId = own || fallback;
	if (customerId === '') {
		throw new NodeOperationError(node, 'Customer ID is required', {
			itemIndex,
			description: "Set the node's Customer ID, or a default Customer ID in the credential.",
		});
	}
	return customerId;
}

/** Requests are throttled per account: one service address and user name. */
export function accountKey(credentials: ICredentialDataDecryptedObject): string {
	return `${String(credentials.baseUrl)}|${String(credentials.username)}`;
}
