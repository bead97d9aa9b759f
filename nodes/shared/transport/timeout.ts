/**
 * Request Options › Timeout, as n8n's routing engine reads it for declarative nodes
 * (`requestOptions.timeout`, milliseconds, 300 s when unset). Programmatic calls (trigger,
 * dropdowns) read the same parameter, so every node waits the same way.
 */
export const REQUEST_OPTIONS_PARAMETER = 'requestOptions';
export const DEFAULT_TIMEOUT_MS = 300_000;

/** The node's Request Options › Timeout in milliseconds, or the default. */
export function timeoutMsOf(context: { getNodeParameter(name: string, fallback: unknown): unknown }): number {
	const options = context.getNodeParameter(REQUEST_OPTIONS_PARAMETER, {}) as { timeout?: unknown } | undefined;
	const timeout = Number(options?.timeout);
	return Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
}
