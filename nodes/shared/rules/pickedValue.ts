/**
 * The ID a record picker holds ({ __rl, mode, value }), or the value as it is: a plain ID (typed, or
 * a dropdown's value, as a saved workflow may hold it), or a value of any other field. The one place a picker's value is read; it imports nothing, so every layer may use it.
 */
export function pickedValue(value: unknown): unknown {
	return value !== null && typeof value === 'object' && '__rl' in value && 'value' in value
		? (value as { value: unknown }).value
		: value;
}
