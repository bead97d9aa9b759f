import type { IDataObject, INodeProperties, INodeType } from 'n8n-workflow';

/**
 * Every user-settable field of one operation filled in, read from the node's description, so
 * a field added later is covered without editing the test. Values by type; `values` gives the
 * ones that must name real records or follow a rule (ids, numbers, dates), by parameter name.
 */
export function everyField(
	nodeType: INodeType,
	resource: string,
	operation: string,
	values: IDataObject,
): IDataObject {
	const own = nodeType.description.properties.filter((property) => {
		const show = property.displayOptions?.show;
		return show?.resource?.includes(resource) && show?.operation?.includes(operation);
	});
	return { resource, operation, ...fill(own, values) };
}

function fill(properties: INodeProperties[], values: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const property of properties) {
		if (property.type === 'notice') continue;
		const value = property.name in values ? values[property.name] : sample(property, values);
		if (value !== undefined) out[property.name] = value;
	}
	return out;
}

/** Text that keeps to the service's limits (17 characters for a phone, 2 for a country code). */
const TEXT_BY_NAME: Array<[RegExp, string]> = [
	[/phone$/i, '070-123 45 67'],
	[/^countryCode$/, 'SE'],
	[/^zipCode$/, '118 46'],
];

function sample(property: INodeProperties, values: IDataObject): unknown {
	switch (property.type) {
		case 'string':
			return (
				TEXT_BY_NAME.find(([pattern]) => pattern.test(property.name))?.[1] ??
				`Sample ${property.displayName}`
			);
		case 'number': {
			const min = Number(property.typeOptions?.minValue ?? 1);
			const max = Number(property.typeOptions?.maxValue ?? Number.MAX_SAFE_INTEGER);
			return Math.min(Math.max(min, 3), max);
		}
		case 'boolean':
			return true;
		case 'options':
			return (property.options as { value: unknown }[])[0].value;
		case 'dateTime':
			return '2026-03-01T10:00:00Z';
		case 'multiOptions':
			return property.options?.length ? [(property.options as { value: unknown }[])[0].value] : [];
		case 'json':
			return '{}';
		case 'collection':
			return fill((property.options ?? []) as INodeProperties[], values);
		case 'fixedCollection': {
			const [option] = (property.options ?? []) as { name: string; values: INodeProperties[] }[];
			const filled = fill(option.values, values);
			return { [option.name]: property.typeOptions?.multipleValues ? [filled] : filled };
		}
		default:
			throw new Error(`No sample value for ${property.name} (${property.type}); give one`);
	}
}
