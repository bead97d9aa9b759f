/**
 * A list parameter as users give it: an array (a multi-select, or an expression returning a
 * list) or a comma-separated string typed into an expression. Blanks dropped.
 */
export function listValue(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.flat(Infinity) : String(value ?? '').split(',');
	return parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
}
