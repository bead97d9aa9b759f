import { Credentials } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

/** The demo user's credential (group G2, default office M30011) for a server at `baseUrl`, with overrides. */
export function demoCredentials(
	baseUrl: string,
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	return {
		baseUrl,
		username: 'demo',
		password: 'demo-password',
		apiKey: 'demo-api-key',
		apiHeaderName: 'X-Api-Key',
		customerId: 'M30011',
		...overrides,
	};
}

/**
 * Stands where n8n's own CredentialsHelper stands: hands the decrypted credential to the node
 * and applies the credential type's `authenticate` to every request, as n8n does, so requests
 * reach the server with the real Authorization header.
 */
/** How often n8n asked for a decrypted credential (n8n reads it from its database each time). */
export const credentialReads = { count: 0 };

export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		if (typeof type?.authenticate === 'function')
			return await type.authenticate(credentials, requestOptions);
		if (type?.authenticate) throw new Error('The harness applies function authentication only');
		return requestOptions;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		_node: INode,
		_expired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	getCredentialsProperties() {
		return [];
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		credentialReads.count++;
		const data = this.data[type];
		if (!data) throw new Error(`No credential of type ${type} was given to the harness`);
		return { ...data };
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		return new Credentials({ id: nodeCredentials.id, name: nodeCredentials.name }, type, '');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getOAuth2Options() {
		return undefined;
	}
}
