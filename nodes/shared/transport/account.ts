import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { isBlank, pathSegment, refuse } from '../checks';

export const CREDENTIAL_TYPE = 'estateBrokerApi';

/** The customer id a call is scoped by: the node's own, or the credential's default. */
export function resolveCustomerId(
	node: INode,
	nodeValue: unknown,
	credentials: ICredentialDataDecryptedObject,
	itemIndex?: number,
): string {
	const given = isBlank(nodeValue) ? credentials.customerId : nodeValue;
	if (isBlank(given)) throw refuse(node, 'Customer ID is required', "Set the node's Customer ID, or a default Customer ID in the credential.", itemIndex);
	// It is sent in paths and in queries: the same rules as any path value.
	return pathSegment(node, given, 'Customer ID', itemIndex);
}

/** Requests are throttled per account: one service address and user name. */
export function accountKey(credentials: ICredentialDataDecryptedObject): string {
	return `${String(credentials.baseUrl)}|${String(credentials.username)}`;
}
