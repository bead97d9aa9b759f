import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	PreSendAction,
} from 'n8n-workflow';

import { operationRows, packageNodes } from '../harness/packageNodes';
import { sentPath } from '../harness/operationPath';

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
