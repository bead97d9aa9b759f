import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	PreSendAction,
} from 'n8n-workflow';

import { fileItem } from '../harness/engine';
import { operationRows, packageNodes } from '../harness/packageNodes';
import { sentPath } from '../harness/operationPath';

/**
 * Every operation of every action node (operations.tsv, as n8n's loader delivers the nodes),
 * with parameters that pass the node's own checks, so each one reaches the hostile server.
 * Required fields are filled by type from the node's description; `VALUES` gives the ones that
 * must follow a rule. A field added later is covered without editing the suite.
 */
export interface OperationCase {
	/** "estateBrokerBid bid get" */
	name: string;
	node: string;
	nodeType: INodeType;
	method: string;
	parameters: IDataObject;
	/** Node parameters that fill a segment of the request path (ids), besides Customer ID. */
	pathParameters: string[];
	/** Fields n8n's routing sends in the query or body as they are: [parameter path, label]. */
	sentFields: Array<{ path: string[]; label: string; list: boolean }>;
	inputItems?: () => Promise<INodeExecutionData[]>;
}

const POLYGON = {
	point: [
		[18.03, 59.31],
		[18.1, 59.31],
		[18.1, 59.32],
	].map(([longitude, latitude]) => ({ longitude, latitude })),
};

/** Values that must follow a rule, by parameter name; any other required field is filled by type. */
const VALUES: IDataObject = {
	socialNumber: '198112289874',
	estateNumber: '1234',
	term: 'Lindqvist',
	points: POLYGON,
	estateBy: 'id',
	estateId: 'OBJ30011_2041100001',
	year: 2026,
	month: 3,
	amount: '2450000',
	binaryPropertyName: 'data',
};

/** Values for a few operations whose required fields depend on each other. */
const BY_OPERATION: Record<string, IDataObject> = {
	'estateBrokerReports budget update': { budget: { soldEstates: 7 } },
	// The agent's budget, so that the optional Agent segment is part of the path.
	'estateBrokerReports budget getEstate': { budgetOf: 'agent' },
	'estateBrokerReports budget getCommission': { budgetOf: 'agent' },
	'estateBrokerReports budget getCrm': { budgetOf: 'agent' },
	'estateBrokerEstates condominium update': { price: { startingPrice: 1 } },
	'estateBrokerEstates cottage update': { price: { startingPrice: 1 } },
	// The service needs a phone or an e-mail of a person (models-2026.json); the loan promise has no amount any more.
	'estateBrokerContacts person upsert': {
		socialSecurityNumber: '19811228-9874',
		cellPhone: '070-123 45 67',
	},
	'estateBrokerAdvertising interestApplication create': {
		additionalFields: { email: 'ingrid@mail.example' },
	},
	'estateBrokerAdvertising finalPriceWatch create': {
		additionalFields: { email: 'ingrid@mail.example' },
	},
	'estateBrokerBid buyer createLoanPromise': { amount: '' },
	'estateBrokerContacts company upsert': { corporateNumber: '556677-8899' },
};

function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	return !!show?.resource?.includes(resource) && !!show?.operation?.includes(operation);
}

function sample(property: INodeProperties): unknown {
	if (property.name in VALUES) return VALUES[property.name];
	switch (property.type) {
		case 'number':
			return Math.max(Number(property.typeOptions?.minValue ?? 1), 1);
		case 'boolean':
			return false;
		case 'options':
			return property.options?.length
				? (property.options as INodePropertyOptions[])[0].value
				: 'X1';
		case 'multiOptions':
			return property.options?.length
				? [(property.options as INodePropertyOptions[])[0].value]
				: ['X1'];
		case 'dateTime':
			return '2026-03-01T10:00:00Z';
		case 'json':
			return '{}';
		case 'collection':
		case 'fixedCollection':
			return {};
		default:
			return /phone/i.test(property.name) ? '070-123 45 67' : 'X1';
	}
}

function fields(nodeType: INodeType, resource: string, operation: string): INodeProperties[] {
	return nodeType.description.properties.filter((property) =>
		shownFor(property, resource, operation),
	);
}

function parametersOf(nodeType: INodeType, resource: string, operation: string): IDataObject {
	const parameters: IDataObject = { resource, operation };
	for (const property of fields(nodeType, resource, operation)) {
		if (property.required || property.name in VALUES)
			parameters[property.name] = sample(property) as IDataObject[string];
	}
	return parameters;
}

function optionOf(nodeType: INodeType, resource: string, operation: string): INodePropertyOptions {
	const selector = nodeType.description.properties.find(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	);
	return (selector?.options as INodePropertyOptions[]).find(
		(option) => option.value === operation,
	)!;
}

/** The node parameters in the operation's path: each parameter standing for its own name there. */
async function pathParametersOf(option: INodePropertyOptions): Promise<string[]> {
	return [...(await sentPath(option)).matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

function sentFieldsOf(properties: INodeProperties[]): OperationCase['sentFields'] {
	const sent = (property: INodeProperties) =>
		['query', 'body'].includes(property.routing?.send?.type ?? '') &&
		!['json', 'collection', 'fixedCollection'].includes(property.type);
	// Fields shown only for another choice (Find Estate By) are not sent with the case's parameters.
	const always = (property: INodeProperties) =>
		Object.keys(property.displayOptions?.show ?? {}).every(
			(key) => key === 'resource' || key === 'operation',
		);
	const list = (property: INodeProperties) => property.type === 'multiOptions';
	return properties.filter(always).flatMap((property) => {
		if (sent(property))
			return [{ path: [property.name], label: property.displayName, list: list(property) }];
		if (property.type !== 'collection') return [];
		return ((property.options ?? []) as INodeProperties[]).filter(sent).map((option) => ({
			path: [property.name, option.name],
			label: `${property.displayName} › ${option.displayName}`,
			list: list(option),
		}));
	});
}

let cases: OperationCase[] | undefined;

/** One case per operation (several endpoints may share one): 70 over the six action nodes. */
export async function everyOperation(): Promise<OperationCase[]> {
	if (cases) return cases;
	const nodes = packageNodes();
	const unique = [
		...new Map(
			operationRows().map((row) => [`${row.node} ${row.resource} ${row.operation}`, row] as const),
		).entries(),
	];
	cases = await Promise.all(
		unique.map(async ([name, row]) => {
			const nodeType = nodes.get(row.node)!;
			const option = optionOf(nodeType, row.resource, row.operation);
			const own = fields(nodeType, row.resource, row.operation);
			const pathParameters = (await pathParametersOf(option)).filter(
				(parameter) => parameter !== 'customerId',
			);
			// Get Many puts its list of ids in the path too (each id one part of the segment).
			if (own.some((property) => property.name === 'contactIds')) pathParameters.push('contactIds');
			return {
				name,
				node: row.node,
				nodeType,
				method: row.method,
				parameters: {
					...parametersOf(nodeType, row.resource, row.operation),
					...(BY_OPERATION[name] ?? {}),
				},
				pathParameters,
				sentFields: sentFieldsOf(own),
				...(row.resource === 'declaration'
					? {
							inputItems: async () => [
								await fileItem({
									data: { bytes: Buffer.from('%PDF-1.4 declaration'), fileName: 'declaration.pdf' },
								}),
							],
						}
					: {}),
			};
		}),
	);
	return cases;
}

/** A field of an operation a user fills in: where its value goes in the node's parameters, and its label. */
export interface InputField {
	/** "subject", "additionalFields.city", "address.values[0].city" */
	path: string;
	/** The field's own label, as the editor shows it (and as errors name it). */
	label: string;
	type: string;
	/** A multi-select, a list of ids or JSON: a list or an object is a value it can take. */
	takesLists: boolean;
	/** The parameters with `value` in this field, other fields as the case has them. */
	with(parameters: IDataObject, value: unknown): IDataObject;
}

const INPUT_TYPES = new Set([
	'string',
	'number',
	'options',
	'multiOptions',
	'dateTime',
	'boolean',
	'resourceLocator',
	'color',
]);
const isInput = (property: INodeProperties) => INPUT_TYPES.has(property.type);

/** Whether the property is shown for these parameter values (its show and hide conditions on other parameters). */
function shownWith(property: INodeProperties, values: IDataObject): boolean {
	const holds = ([key, allowed]: [string, unknown]) =>
		Array.isArray(allowed) && allowed.includes(values[key]);
	const show = Object.entries(property.displayOptions?.show ?? {});
	const hide = Object.entries(property.displayOptions?.hide ?? {});
	return show.every(holds) && !hide.some(holds);
}

function leafValue(property: INodeProperties, value: unknown): unknown {
	return property.type === 'resourceLocator' ? { __rl: true, mode: 'id', value } : value;
}

const takesLists = (property: INodeProperties) =>
	property.type === 'multiOptions' ||
	/Ids$/.test(property.name) ||
	property.typeOptions?.multipleValues === true;

/** Every field a user fills in for the operation: top-level ones, options of collections and values of fixed collections. */
export function inputFields(operation: OperationCase): InputField[] {
	const [, resource, name] = operation.name.split(' ');
	const all = fields(operation.nodeType, resource, name);
	const values: IDataObject = {
		...Object.fromEntries(all.map((property) => [property.name, property.default])),
		...operation.parameters,
	};
	const own = all.filter((property) => shownWith(property, values));
	const found: InputField[] = [];
	for (const property of own) {
		if (isInput(property)) {
			found.push({
				path: property.name,
				label: property.displayName,
				type: property.type,
				takesLists: takesLists(property),
				with: (parameters, value) =>
					({ ...parameters, [property.name]: leafValue(property, value) }) as IDataObject,
			});
		} else if (property.type === 'collection') {
			for (const option of (property.options ?? []) as INodeProperties[]) {
				if (!isInput(option)) continue;
				found.push({
					path: `${property.name}.${option.name}`,
					label: option.displayName,
					type: option.type,
					takesLists: takesLists(option),
					with: (parameters, value) => ({
						...parameters,
						[property.name]: {
							...((parameters[property.name] as IDataObject) ?? {}),
							[option.name]: leafValue(option, value),
						},
					}),
				});
			}
		} else if (property.type === 'fixedCollection') {
			const multiple = property.typeOptions?.multipleValues === true;
			for (const group of (property.options ?? []) as Array<{
				name: string;
				values: INodeProperties[];
			}>) {
				for (const value of group.values) {
					if (!isInput(value)) continue;
					found.push({
						path: `${property.name}.${group.name}${multiple ? '[0]' : ''}.${value.name}`,
						label: value.displayName,
						type: value.type,
						takesLists: takesLists(value),
						with: (parameters, given) => {
							const entry = { [value.name]: leafValue(value, given) };
							return {
								...parameters,
								[property.name]: { [group.name]: multiple ? [entry] : entry },
							};
						},
					});
				}
			}
		}
	}
	return found;
}
