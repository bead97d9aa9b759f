import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from './auth';
import { type TimeForm, writeTime } from './serviceTime';

declare module 'fastify' {
	interface FastifyRequest {
		/** Set by a helpPageTimes fault: this answer's times in the help pages' form. */
		timeForm?: TimeForm;
	}
}

/**
 * The store's instants, as the service writes them: the serialisation boundary. Every answer
 * (JSON or XML, records, lists, reports, errors) passes this hook as text; a stored time is
 * the only value in the exact form Date.prototype.toISOString gives (24 characters, Z), as a
 * JSON string or an XML element's whole text, and is rewritten in the form in force. The
 * control API (/__sandbox) keeps UTC.
 */
const STORED_TIME = /(?<=[">])(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)(?=["<])/g;

export function rewriteTimes(payload: string, form: TimeForm): string {
	const written = new Map<string, string>();
	return payload.replace(STORED_TIME, (iso: string) => {
		let text = written.get(iso);
		if (text === undefined) {
			text = writeTime(iso, form);
			written.set(iso, text);
		}
		return text;
	});
}

export function registerTimeForms(app: FastifyInstance, formInForce: () => TimeForm): void {
	app.addHook('onSend', async (request, _reply, payload) => {
		if (typeof payload !== 'string' || request.url.startsWith(CONTROL_PREFIX)) return payload;
		return rewriteTimes(payload, request.timeForm ?? formInForce());
	});
}
