import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_REQUEST_MESSAGE, SandboxError } from '../errors';
import { AUTH_DENIED_MESSAGE } from './auth';
import { send } from './negotiation';
import { fieldErrorsFromAjv } from './validation';

const NOT_FOUND_MESSAGE = 'No HTTP resource was found that matches the request URI.';

/** Error bodies: { message } and, for 400, { message, errors: [{ field, message }] }. */
export function registerErrorHandling(app: FastifyInstance): void {
	app.setErrorHandler((error: FastifyError | SandboxError, request, reply) => {
		if (error instanceof SandboxError) {
			const body = error.errors
				? { message: error.message, errors: error.errors }
				: { message: error.message };
			if (error.statusCode === 401 && error.message === AUTH_DENIED_MESSAGE)
				reply.header('WWW-Authenticate', 'Basic realm="EstateBroker sandbox"');
			return safeSend(request, reply, body, error.statusCode);
		}
		const fastifyError = error as FastifyError;
		if (fastifyError.validation) {
			const errors = fieldErrorsFromAjv(
				fastifyError.validation as never,
				fastifyError.validationContext ?? 'body',
				request.body === undefined || request.body === null,
			);
			return safeSend(request, reply, { message: INVALID_REQUEST_MESSAGE, errors }, 400);
		}
		const status =
			fastifyError.statusCode && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
		const message = status >= 500 ? 'An error has occurred.' : fastifyError.message;
		if (status >= 500)
			console.error('[sandbox] unexpected error', request.method, request.url.split('?')[0], error);
		return safeSend(request, reply, { message }, status);
	});
	app.setNotFoundHandler((request, reply) =>
		safeSend(request, reply, { message: NOT_FOUND_MESSAGE }, 404),
	);
}

/** Errors follow Accept like data; if XML cannot be made the error goes out as JSON. */
function safeSend(
	request: FastifyRequest,
	reply: FastifyReply,
	body: unknown,
	status: number,
): FastifyReply {
	try {
		return send(request, reply, body, { root: 'Error' }, status);
	} catch {
		return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
	}
}
