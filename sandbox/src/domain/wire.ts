/** The properties of a wire record that have a value: the service's serializer leaves out nulls and empty text. */
export function present<T extends Record<string, unknown>>(record: T): Partial<T> {
	return Object.fromEntries(
		Object.entries(record).filter(
			([, value]) => value !== null && value !== undefined && value !== '',
		),
	) as Partial<T>;
}
