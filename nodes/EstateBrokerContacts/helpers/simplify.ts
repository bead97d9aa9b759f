import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { textOf, textsAt, numbersByModel } from '../../shared/rules';
import { type AnswerStep } from '../../shared/engine';

/** Contact records carry every field, most of them empty; Simplify keeps what people use, in their words. */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return the fields people use, in plain words (name, email, phone, address, agent, categories …) instead of the raw data',
};

function isEmpty(value: unknown): boolean {
	if (value === null || value === undefined || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	return typeof value === 'object' && Object.keys(value as object).length === 0;
}

/** The record without empty values, nested objects included. */
function withoutEmptyValues(record: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const kept =
			value && typeof value === 'object' && !Array.isArray(value)
				? withoutEmptyValues(value as IDataObject)
				: value;
		if (!isEmpty(kept)) result[key] = kept;
	}
	return result;
}

/** The model of a contact record, by its type (models-2026.json). */
const MODEL_OF_TYPE: Record<string, string> = {
	Person: 'Crm_CrmPersonContact',
	Company: 'Crm_CrmCompanyContact',
	DeceasedEstate: 'Crm_CrmDeceasedEstateContact',
};

/** What a simplified contact says in text, and where the record holds it. */
const TEXT_FIELDS = {
	id: 'id',
	name: 'name',
	firstName: 'firstName',
	lastName: 'lastName',
	email: 'email.emailAddress',
	otherEmail: 'email.emailAddress2',
	mobilePhone: 'telephone.cell',
	homePhone: 'telephone.home',
	workPhone: 'telephone.work',
	switchboardPhone: 'telephone.switch',
	otherPhone: 'telephone.other',
	streetAddress: 'address.streetAddress',
	postalCode: 'address.zipCode',
	city: 'address.city',
	countryCode: 'address.countryCode',
	personalNumber: 'socialSecurityNumber',
	organisationNumber: 'corporateNumber',
	website: 'homePage',
	agentId: 'agentId',
	note: 'note',
	officeId: 'customerId',
	createdAt: 'createdAt',
	changedAt: 'changedAt',
} as const;

/**
 * A contact as an office speaks of it: one name, the e-mail, the phone numbers by what they
 * are (and `phone`, the first of them to call), the address, the agent, the categories by
 * name. Ids, personal and organisation numbers, postal codes and phone numbers stay text;
 * the lead score is a number (by the model). Fields not named here are left to the raw output.
 */
export function contactInWords(raw: IDataObject): IDataObject {
	const type = textOf(raw.type) ?? typeOfClassTypes(raw.contactClassTypes);
	const record = type && MODEL_OF_TYPE[type] ? numbersByModel(raw, MODEL_OF_TYPE[type]) : raw;
	const text = textsAt(record, TEXT_FIELDS);
	const personName = [text.firstName, text.lastName].filter(Boolean).join(' ');
	const phones = {
		mobilePhone: text.mobilePhone,
		homePhone: text.homePhone,
		workPhone: text.workPhone,
		switchboardPhone: text.switchboardPhone,
		otherPhone: text.otherPhone,
	};
	const categories = Array.isArray(record.categories)
		? record.categories
				.map(
					(category) =>
						textOf((category as IDataObject)?.name) ?? textOf((category as IDataObject)?.id),
				)
				.filter(Boolean)
		: [];
	return withoutEmptyValues({
		id: text.id,
		type,
		name: text.name ?? (personName || undefined),
		firstName: text.firstName,
		lastName: text.lastName,
		email: text.email,
		otherEmail: text.otherEmail,
		phone: Object.values(phones).find(Boolean),
		...phones,
		streetAddress: text.streetAddress,
		postalCode: text.postalCode,
		city: text.city,
		countryCode: text.countryCode,
		personalNumber: text.personalNumber,
		organisationNumber: text.organisationNumber,
		website: text.website,
		agentId: text.agentId,
		categories: categories as string[],
		leadScore: record.leadScore as number | undefined,
		advertisingAllowed: record.advertisingEnabled as boolean | undefined,
		note: text.note,
		officeId: text.officeId,
		score: record.score as number | undefined,
		fullRecordError: record.fullRecordError as string | undefined,
		timeReadError: record.timeReadError as string | undefined,
		createdAt: text.createdAt,
		changedAt: text.changedAt,
	});
}

/** A social-number match names the kinds of contact it is (Search_ContactClassType); a deceased estate is an Estate there. */
function typeOfClassTypes(classTypes: unknown): string | undefined {
	const first = Array.isArray(classTypes) ? textOf(classTypes[0]) : undefined;
	return first === 'Estate' ? 'DeceasedEstate' : first;
}

/** With Simplify on, every record of the answer in an office's words. */
export const simplify: AnswerStep = async function (items) {
	if (!this.getNodeParameter('simplify', false)) return items;
	return items.map((item) =>
		item.json.error !== undefined ? item : { ...item, json: contactInWords(item.json) },
	);
};
