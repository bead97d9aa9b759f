import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { requireOneOf, inputError, TEXT_LIMITS } from '../../shared/rules';
import { bodyField, estateIdField as sharedEstateIdField } from '../../shared/descriptions';
import { type RequestStep } from '../../shared/engine';
import { isoDateBodyFields } from '../../shared/steps';
import { marketingField } from './marketing';

/** models-2026.json: first and last name of an interest application or a final-price watch, 1 to 40 characters each. */
const NAME_LENGTH = { min: 1, max: TEXT_LIMITS.interestApplication.firstName } as const;

/**
 * The person of an interest application (fields at the body root) or of a final-price
 * watch (under `person`): `at` is that body path prefix, '' or 'person.'.
 */
export function personNameFields(at: string): INodeProperties[] {
	return [
		bodyField(`${at}firstName`, {
			displayName: 'First Name',
			name: 'firstName',
			type: 'string',
			default: '',
			required: true,
			description: `First name of the person (${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters)`,
		}),
		bodyField(`${at}lastName`, {
			displayName: 'Last Name',
			name: 'lastName',
			type: 'string',
			default: '',
			required: true,
			description: `Last name of the person (${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters)`,
		}),
	];
}

type TextField = [wireName: string, name: string, displayName: string, description: string];

const PERSON_TEXT_FIELDS: TextField[] = [
	['address.city', 'city', 'City', 'City of the postal address'],
	[
		'email.emailAddress',
		'email',
		'Email',
		'E-mail address; also used to recognise a person already registered',
	],
	['email.emailAddress2', 'email2', 'Second Email', 'Another e-mail address of the person'],
	[
		'socialSecurityNumber',
		'socialSecurityNumber',
		'Social Security Number',
		'Personal identity number; the surest way to recognise a person already registered',
	],
	[
		'address.streetAddress',
		'streetAddress',
		'Street Address',
		'Street and number of the postal address',
	],
	[
		'telephone.cell',
		'cellPhone',
		'Mobile Phone',
		'Mobile number; also used to recognise a person already registered',
	],
	[
		'telephone.home',
		'homePhone',
		'Home Phone',
		'Home number; also used to recognise a person already registered',
	],
	['telephone.other', 'otherPhone', 'Other Phone', 'Any other phone number'],
	['telephone.work', 'workPhone', 'Work Phone', 'Work phone number'],
	['address.zipCode', 'zipCode', 'Zip Code', 'Postal code of the postal address'],
];

/** Ways to reach the person, by body path under the person: the service needs one of them (models-2026.json). */
const REACH: Array<[wireName: string, label: string]> = [
	['email.emailAddress', 'Email'],
	['email.emailAddress2', 'Second Email'],
	['telephone.cell', 'Mobile Phone'],
	['telephone.home', 'Home Phone'],
	['telephone.work', 'Work Phone'],
	['telephone.other', 'Other Phone'],
];

/**
 * The optional person fields, as options of an Additional Fields collection. Neither the
 * interest application's address (InterestApplication_ContactAddress) nor the final-price
 * watch's (Advertising_AdvertisingLeadAddress) has a country code, and the watch's person has no
 * GDPR approval date (docs/spec/models-2026.json).
 */
export function personDetailFields(
	at: string,
	of: 'interestApplication' | 'finalPriceWatch',
): INodeProperties[] {
	return [
		...PERSON_TEXT_FIELDS.map(([wireName, name, displayName, description]) =>
			bodyField(`${at}${wireName}`, {
				displayName,
				name,
				type: 'string',
				default: '',
				description,
				...(name.startsWith('email') ? { placeholder: 'name@email.com' } : {}),
			}),
		),
		bodyField(`${at}isForeignSocialSecurityNumber`, {
			displayName: 'Foreign Personal Number',
			name: 'isForeignSocialSecurityNumber',
			type: 'boolean',
			default: false,
			description: 'Whether the social security (personal identity) number was issued abroad',
		}),
		...(of === 'interestApplication'
			? [
					bodyField(`${at}gdprApprovalDate`, {
						displayName: 'GDPR Approval Date',
						name: 'gdprApprovalDate',
						type: 'dateTime',
						default: '',
						description: 'When the person agreed to have their personal data stored',
					}),
				]
			: []),
	];
}

/** Options of a collection in alphabetical order, as n8n shows them. */
export function byDisplayName(fields: INodeProperties[]): INodeProperties[] {
	return [...fields].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

function bodyAt(body: IDataObject, at: string): IDataObject {
	return at === '' ? body : ((body[at.replace(/\.$/, '')] as IDataObject | undefined) ?? {});
}

/**
 * Refuses what the service would refuse (before the call, naming the field): names of 1 to 40
 * characters, no e-mail and no telephone; sends dates in ISO 8601.
 */
export function personSteps(at: string): RequestStep[] {
	const checkNames: RequestStep = async function (request) {
		const body = (request.body ?? {}) as IDataObject;
		const person = bodyAt(body, at);
		for (const [key, label] of [
			['firstName', 'First Name'],
			['lastName', 'Last Name'],
		] as const) {
			const value = String(person[key] ?? '').trim();
			if (value.length < NAME_LENGTH.min || value.length > NAME_LENGTH.max) {
				throw inputError(
					this,
					`${label} must be ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters; got ${value.length}`,
				);
			}
			person[key] = value;
		}
		requireOneOf(
			this,
			person,
			Object.fromEntries(REACH),
			'The service needs a way to reach the person: an e-mail address or a telephone number.',
		);
		return request;
	};
	return at === ''
		? [checkNames, isoDateBodyFields({ gdprApprovalDate: 'GDPR Approval Date' })]
		: [checkNames];
}

/** Where a lead came from: the same wire fields in both applications. */
export function leadSourceFields(): INodeProperties[] {
	return [
		bodyField('leadSourceId', {
			displayName: 'Lead Source ID',
			name: 'leadSourceId',
			type: 'string',
			default: '',
			description: 'Where the lead came from, e.g. the web form or portal',
		}),
		marketingField,
	];
}

export const estateIdField: INodeProperties = sharedEstateIdField(
	'The property the person is interested in',
);

/**
 * The person's fields of an interest application (`at` '') or a final-price watch (`at`
 * 'person.'): the names on top, the rest under Additional Fields with where the lead came from
 * and what only that operation takes (`more`), in the order n8n shows them.
 */
export function personFields(
	at: string,
	of: 'interestApplication' | 'finalPriceWatch',
	more: INodeProperties[],
): INodeProperties[] {
	return [
		...personNameFields(at),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: byDisplayName([...personDetailFields(at, of), ...leadSourceFields(), ...more]),
		},
	];
}

/** How interested a person is, by the service's values (Advertising_AdvertisingInterestApplicationStatus and the watch's prospective buyer status). */
const INTEREST_NAMES = {
	Assigned: 'Assigned',
	Interested: 'Interested',
	NotInterested: 'Not Interested',
	VeryInterested: 'Very Interested',
} as const;

/** The options of an interest status field, for the values the operation takes. */
export function interestOptions(
	values: ReadonlyArray<keyof typeof INTEREST_NAMES>,
): Array<{ name: string; value: string }> {
	return values.map((value) => ({ name: INTEREST_NAMES[value], value }));
}
