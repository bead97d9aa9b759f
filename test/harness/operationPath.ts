import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

/**
 * A path an operation sends to, as a template: every parameter stands for its own placeholder
 * ({bidId}), so the filled and encoded path reads back as the template; `left` is a parameter
 * left empty (an optional segment such as the budget's agent). An operation addressed by its
 * routing's first preSend step runs that step; one whose pagination step makes its own calls
 * (a listing read) runs that step, and its first call is caught as it goes out.
 */
let accounts = 0;

export async function sentPath(option: INodePropertyOptions, left?: string): Promise<string> {
	const placeholder = (name: string) => (name === left ? '' : `{${name}}`);
	const [address] = (option.routing?.send?.preSend ?? []) as PreSendAction[];
	const pagination = option.routing?.operations?.pagination;
	const ownCalls = address === undefined && typeof pagination === 'function';
	let caught: IHttpRequestOptions | undefined;
	const context = {
		getNode: () => ({ name: 'Operations', type: 'test', typeVersion: 1, parameters: {} }),
		getItemIndex: () => 0,
		continueOnFail: () => false,
		getCredentials: async () => ({
			baseUrl: 'https://service.example',
			// An account of its own: the call caught counts as failed in the account's pause.
			username: `u${++accounts}`,
			password: 'p',
			apiKey: 'k',
			customerId: '{customerId}',
		}),
		getTimezone: () => 'Europe/Stockholm',
		// A step that makes its own calls reads its options too: they keep their defaults (its ids are text).
		getNodeParameter: (name: string, ...fallback: unknown[]) =>
			name === 'customerId'
				? ''
				: ownCalls && fallback.length > 0 && fallback[0] !== ''
					? fallback[0]
					: placeholder(name),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => {
				caught = request;
				throw new Error('caught on its way out');
			},
		},
	} as unknown as IExecuteSingleFunctions;
	if (ownCalls) {
		await (pagination as (this: unknown, data: unknown) => Promise<unknown>)
			.call(context, { options: {}, postReceive: [] })
			.catch((error: unknown) => {
				if (!caught) throw error;
			});
		if (!caught) throw new Error('The operation made no call');
		return decodeURIComponent(caught.url);
	}
	const request: IHttpRequestOptions = await address.call(context, {
		url: '',
		qs: {},
		body: {},
		headers: {},
	});
	return decodeURIComponent(request.url);
}
