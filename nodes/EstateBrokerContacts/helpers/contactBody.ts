import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { jsonText, listOf, requireOneOf, inputError } from '../../shared/rules';
import { isoDateBodyFields, withoutBlankText } from '../../shared/steps';
import { resolveCustomerId } from '../../shared/account';
import { runCredentials } from '../../shared/wire';
import { type RequestStep } from '../../shared/engine';

/** Obtained Through: the service's choices (UpdatePerson.obtainThrough), by value. */
const OBTAINED_THROUGH_CHOICES = [
	'Interest',
	'Phone',
	'Visit',
	'Agreement',
	'Other',
	'Email',
	'NotAsked',
];

/** UpdatePerson and UpdateCompany carry the customer id in the body (records.md: required). */
export const customerIdInBody: RequestStep = async function (
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
) {
	// Read once per node run (account.ts), not from n8n's database for every item.
	const credentials = await runCredentials(this);
	const customerId = resolveCustomerId(
		this.getNode(),
		this.getNodeParameter('customerId', ''),
		credentials,
		this.getItemIndex(),
	);
	return { ...request, body: { ...(request.body as IDataObject), customerId } };
};

/**
 * A create-or-update whose body names no contact and gives no way to reach one would only
 * add an empty contact (the duplicate rules need one of these to match anything either).
 */
export function identifiedBy(fields: Record<string, string>, what: string): RequestStep {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = (request.body ?? {}) as IDataObject;
		if (!Object.keys(fields).some((key) => body[key] !== undefined && body[key] !== '')) {
			throw inputError(
				this,
				`Nothing identifies the ${what}`,
				`Fill in at least one of: ${Object.values(fields).join(', ')}. An empty ${what} would otherwise be created.`,
			);
		}
		return request;
	};
}

/** The service's rule that a person can be reached: one of `fields` (body path: label) must be given, checked before sending. */
export function reachable(fields: Record<string, string>): RequestStep {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		requireOneOf(
			this,
			(request.body ?? {}) as IDataObject,
			fields,
			'The service keeps no person it cannot reach: give an e-mail address or a phone number, also when updating by Contact ID.',
		);
		return request;
	};
}

/** Approval dates go out as UTC ISO 8601. */
export const contactDates: RequestStep = isoDateBodyFields({
	approvalDate: 'Approval Date',
	gdprApprovalDate: 'GDPR Approval Date',
});

/**
 * Obtained Through is one of the service's choices: given by expression in any letter case, it
 * is sent as that choice; anything else is refused.
 */
function obtainedThroughChoice(this: IExecuteSingleFunctions, value: unknown): string {
	const text = String(value).trim();
	const choice = OBTAINED_THROUGH_CHOICES.find(
		(candidate) => candidate.toLowerCase() === text.toLowerCase(),
	);
	if (choice) return choice;
	throw inputError(
		this,
		`Obtained Through "${text}" is not one of the service's choices`,
		`Choose one of: ${OBTAINED_THROUGH_CHOICES.join(', ')}. Where the contact came from (e.g. a website) can go in Note or a Custom Field.`,
	);
}

/**
 * Puts the contact fields in the form the service reads (docs/spec/models.md): blank text left
 * out (blank would leave the stored value anyway), category ids as a list, the one custom field
 * as { name, value }, the task as an object, Obtained Through as one of its choices.
 */
export const contactBody: RequestStep = async function (
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
) {
	const body = withoutBlankText((request.body ?? {}) as IDataObject);
	if (body.categoryIds !== undefined) {
		const ids = listOf(body.categoryIds);
		if (ids.length) body.categoryIds = ids;
		else delete body.categoryIds;
	}
	if (body.task !== undefined) body.task = jsonText(this, body.task, 'Task (JSON)') as IDataObject;
	if (body.task && typeof body.task === 'object' && Object.keys(body.task).length === 0)
		delete body.task;
	if (body.obtainThrough !== undefined)
		body.obtainThrough = obtainedThroughChoice.call(this, body.obtainThrough);
	const customField = this.getNodeParameter(
		'additionalFields.customField.field',
		{},
	) as IDataObject;
	const customFieldName = String(customField.name ?? '').trim();
	if (customFieldName)
		body.customField = { name: customFieldName, value: String(customField.value ?? '') };
	return { ...request, body };
};
