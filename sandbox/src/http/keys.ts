/**
 * Body field names are matched case-insensitively by the real service (PascalCase in XML,
 * camelCase in JSON); the sandbox lower-cases the first letter of every key so route code
 * sees camelCase whatever the content type.
 */
export function camelCaseKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(camelCaseKeys);
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [key, inner] of Object.entries(value)) out[lowerFirst(key)] = camelCaseKeys(inner);
		return out;
	}
	return value;
}

function lowerFirst(key: string): string {
	return key.length ? key[0].toLowerCase() + key.slice(1) : key;
}

/**
 * Expands flat form keys (telephone.home, categoryIds[0], categoryIds repeated) into nested
 * objects and arrays. Values stay strings; schema coercion types them.
 */
export function expandFormKeys(
	flat: Record<string, string | string[] | undefined>,
): Record<string, unknown> {
	const root: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(flat)) {
		if (value === undefined) continue;
		const parts = key.split(/\.|\[|\]/).filter((p) => p !== '');
		let node: Record<string, unknown> = root;
		parts.forEach((part, i) => {
			const last = i === parts.length - 1;
			if (last) {
				node[part] = value;
				return;
			}
			const nextIsIndex = /^\d+$/.test(parts[i + 1]);
			if (node[part] === undefined || typeof node[part] !== 'object')
				node[part] = nextIsIndex ? [] : {};
			node = node[part] as Record<string, unknown>;
		});
	}
	return root;
}
