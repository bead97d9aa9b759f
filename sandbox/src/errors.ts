/**
 * Errors that routes and domain rules throw; the server's error handler turns them into the
 * wire bodies of interface.md section 7 ({ message } or { message, errors }).
 */

export interface FieldError {
	/** Wire name of the offending field, e.g. criteria.maxSize or firstName. */
	field: string;
	message: string;
}

export class SandboxError extends Error {
	constructor(
		readonly statusCode: number,
		message: string,
		readonly errors?: FieldError[],
	) {
		super(message);
	}
}

export const INVALID_REQUEST_MESSAGE = 'The request is invalid.';

export function validationError(errors: FieldError[]): SandboxError {
	return new SandboxError(400, INVALID_REQUEST_MESSAGE, errors);
}

export function invalidField(field: string, message: string): SandboxError {
	return validationError([{ field, message }]);
}

export function notFound(what: string, id: string): SandboxError {
	return new SandboxError(404, `${what} ${id} not found`);
}

export function forbidden(
	message = 'Access to the requested data is denied for this customer.',
): SandboxError {
	return new SandboxError(403, message);
}
