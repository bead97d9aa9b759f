import type { INode } from 'n8n-workflow';

import { responseError } from './errors';
import { decodeBody } from './format';

export interface RawResponse {
	statusCode: number;
	body: unknown;
	headers?: Record<string, unknown>;
}

/** The decoded body of a successful answer; a failed one becomes the user-facing error. */
export function readResponse(node: INode, response: RawResponse, itemIndex?: number): unknown {
	if (response.statusCode >= 400) {
		let body: unknown = response.body;
		try {
			body = decodeBody(node, response.body, response.headers, itemIndex);
		} catch {
			// An unreadable error body still leaves the status to report.
		}
		throw responseError(node, { statusCode: response.statusCode, body, headers: response.headers }, itemIndex);
	}
	return decodeBody(node, response.body, response.headers, itemIndex);
}
