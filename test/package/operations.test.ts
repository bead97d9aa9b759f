import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	PreSendAction,
} from 'n8n-workflow';

import { operationRows, packageNodes } from '../harness/packageNodes';

/**
 * operations.tsv is the package's public interface: saved workflows store its node, resource
 * and operation values. Every row must be an operation of the built node with exactly those
 * values, and the operation must reach the row's endpoint.
 */
const rows = operationRows();

/**
 * Whether an operation's path template reaches an endpoint: literal segments equal, a
 * placeholder of the operation stands for any one segment (the interest operation's
 * {duplicateCheck} is `interest` or `interestRestrictive`); an optional one ({userId?}, the
 * per-user and per-office budget) for one segment or none.
 */
function reaches(template: string, endpoint: string): boolean {
	const theirs = endpoint.split('/');
	const matches = (ours: string[]) =>
		ours.length === theirs.length &&
		ours.every((segment, index) => /^\{\w+\??\}$/.test(segment) || segment === theirs[index]);
	const ours = template.split('/');
	return matches(ours) || matches(ours.filter((segment) => !/^\{\w+\?\}$/.test(segment)));
}

const nodes = packageNodes();

function operationOption(
	type: INodeType,
	resource: string,
	operation: string,
): INodePropertyOptions | undefined {
	const selector = type.description.properties.find(
		(property: INodeProperties) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	);
	return (selector?.options as INodePropertyOptions[] | undefined)?.find(
		(option) => option.value === operation,
	);
}

/**
 * A path an operation sends to, as a template: every parameter stands for its own placeholder
 * ({bidId}), so the filled and encoded path reads back as the template; `left` is a parameter
 * left empty (an optional segment such as the budget's agent). An operation addressed by its
 * routing's first preSend step runs that step; one whose pagination step makes its own calls
 * (a listing read) runs that step, and its first call is caught as it goes out.
 */
let accounts = 0;

async function sentPath(option: INodePropertyOptions, left?: string): Promise<string> {
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

describe('operations.tsv: every endpoint is an operation with the stored values', () => {
	it('covers the 78 endpoints of the specification and the 11 advertising reads, each on a node the package builds', () => {
		expect(rows).toHaveLength(89);
		expect([...new Set(rows.map((row) => row.node).filter((node) => !nodes.has(node)))]).toEqual(
			[],
		);
	});

	it.each(rows.map((row) => [`${row.method} ${row.path}`, row] as const))(
		'%s',
		async (_name, row) => {
			const node = nodes.get(row.node);
			expect(node).toBeDefined();
			const resources = (node!.description.properties.find(
				(property) => property.name === 'resource',
			)?.options ?? []) as INodePropertyOptions[];
			expect(resources.map((option) => option.value)).toContain(row.resource);
			const option = operationOption(node!, row.resource, row.operation);
			expect(option).toBeDefined();
			const request = option!.routing?.request ?? {};
			expect(request.method).toBe(row.method);
			const url = await sentPath(option!);
			const withoutOne = await Promise.all(
				[...url.matchAll(/\{(\w+)\}/g)].map(
					async ([, name]) => await sentPath(option!, name).catch(() => ''),
				),
			);
			// Id lists: Get Many sends its ids as `{contactIds}` appended to its path, or as the query form;
			// a gathered Get (idListCalls) appends its one id the same way when alone.
			const gathered = option!.routing?.operations?.pagination !== undefined;
			const idListForm =
				(row.path.endsWith('/{contactIds}') && reaches(`${url}/{contactIds}`, row.path)) ||
				(gathered && row.path.endsWith('/{contactId}') && reaches(`${url}/{contactId}`, row.path));
			expect([url, ...withoutOne].some((path) => reaches(path, row.path)) || idListForm).toBe(true);
		},
	);
});
