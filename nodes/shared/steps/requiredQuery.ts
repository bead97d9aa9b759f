import { inputError } from '../rules';
import type { RequestStep } from '../engine';

/**
 * n8n checks required parameters only when they are typed in empty; an expression that
 * comes out empty gets through. This step refuses a blank required query value before
 * anything is sent, naming the field ({ wire name: field label }).
 */
export function requiredQuery(fields: Record<string, string>): RequestStep {
	return async function (request) {
		const qs = request.qs ?? {};
		for (const [key, label] of Object.entries(fields)) {
			const value = qs[key];
			if (value === undefined || value === null || String(value).trim() === '') {
				throw inputError(this, `${label} is required`);
			}
		}
		return request;
	};
}
