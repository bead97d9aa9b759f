import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { checkBaseUrl } from '../nodes/shared/account';
import { FAILURE_MESSAGES } from '../nodes/shared/failures';

export class EstateBrokerApi implements ICredentialType {
	name = 'estateBrokerApi';

	displayName = 'Estate Broker API';

	documentationUrl = 'https://github.com/estate-broker/n8n-nodes-estate-broker#credentials';

	icon: Icon = { light: 'file:icons/estateBroker.svg', dark: 'file:icons/estateBroker.dark.svg' };

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'Address of the brokerage service. Must be https:// (http:// only for localhost).',
		},
		{
			displayName: 'User Name',
			name: 'username',
			type: 'string',
			default: '',
			required: true,
			description: 'Partner user name issued by the brokerage system',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Password issued for the customer or group',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Only if your account was given one: sent with every request in the header below',
		},
		{
			displayName: 'API Key Header',
			name: 'apiHeaderName',
			type: 'string',
			default: 'X-Api-Key',
			description: 'Name of the header that carries the API key',
			displayOptions: { hide: { apiKey: [''] } },
		},
		{
			displayName: 'Customer ID',
			name: 'customerId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'M30011',
			description:
				'Office (M…) or office group (G…) used by a node whose own Customer ID is left empty',
		},
		{
			displayName: 'Requests in Flight per n8n Process',
			name: 'requestsInFlight',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100, numberPrecision: 0 },
			default: 5,
			description:
				"Most requests of this account open at once in each n8n process. With queue mode every worker counts on its own: to keep the total near the service's limit of about 5, divide it among the main instance and the workers.",
		},
		{
			displayName: 'Requests per Second per n8n Process',
			name: 'requestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 1 },
			default: 0,
			description:
				'Most requests of this account started in any one second, in each n8n process; empty or 0: no limit. The service states no limit; one of its integration partners keeps to 10 a second.',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		// Refuse before the Authorization header is ever built for an unsafe address.
		checkBaseUrl(credentials.baseUrl);
		const basic = Buffer.from(
			`${String(credentials.username)}:${String(credentials.password)}`,
		).toString('base64');
		const headers: Record<string, string> = {
			...(requestOptions.headers as Record<string, string>),
			Authorization: `Basic ${basic}`,
		};
		const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
		if (apiKey !== '') headers[String(credentials.apiHeaderName || 'X-Api-Key')] = apiKey;
		// A redirect is never followed: the Authorization and API key headers would go with it to
		// whatever address it names. The nodes report it as an error instead.
		return { ...requestOptions, headers, disableFollowRedirect: true };
	}

	// Categories need user name, password, API key and customer id together, so one cheap
	// call proves all four.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/Category/GetCategories',
			qs: { customerId: '={{$credentials.customerId}}' },
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: FAILURE_MESSAGES.unauthorized },
			},
			{
				type: 'responseCode',
				properties: { value: 403, message: FAILURE_MESSAGES.forbidden },
			},
			// Every other answer gets the package's wording too, never the service's own reason
			// phrase, which may repeat the request's headers.
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message:
						'The service answered with a redirect; it is not followed, so the credential stays with the service',
				},
			})),
			...[400, 404, 405, 429, 500, 502, 503, 504].map((value) => ({
				type: 'responseCode' as const,
				properties: { value, message: `The service answered the test request with HTTP ${value}` },
			})),
		],
	};
}
