import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Request Options › Timeout, Proxy and Ignore SSL Issues: the collection n8n's loader adds to
 * every declarative node, read by n8n's routing engine. The trigger and the dropdowns apply the
 * same values the same way, so every request of a node waits, connects and trusts alike.
 */
export const REQUEST_OPTIONS_PARAMETER = 'requestOptions';

/** What n8n's routing engine waits when Timeout is not set (RoutingNode). */
export const DEFAULT_TIMEOUT_MS = 300_000;

/** The wire settings of a Request Options value, as n8n's routing engine applies them. */
export function wireOptions(node: INode, value: unknown): Pick<IHttpRequestOptions, 'timeout' | 'proxy' | 'skipSslCertificateValidation'> {
	const options = (value && typeof value === 'object' ? value : {}) as IDataObject;
	const timeout = Number(options.timeout);
	const wire: Pick<IHttpRequestOptions, 'timeout' | 'proxy' | 'skipSslCertificateValidation'> = {
		timeout: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
	};
	if (options.allowUnauthorizedCerts === true) wire.skipSslCertificateValidation = true;
	const text = typeof options.proxy === 'string' ? options.proxy.trim() : '';
	if (text !== '') {
		const proxy = URL.canParse(text) ? new URL(text) : undefined;
		if (!proxy?.hostname || !proxy.port) {
			throw new NodeOperationError(node, 'The proxy is not valid', { description: 'Request Options › Proxy needs a host and a port, e.g. http://myproxy:3128' });
		}
		wire.proxy = {
			host: proxy.hostname,
			port: Number(proxy.port),
			protocol: proxy.protocol.replace(/:$/, ''),
			...(proxy.username ? { auth: { username: decodeURIComponent(proxy.username), password: decodeURIComponent(proxy.password) } } : {}),
		};
	}
	return wire;
}
