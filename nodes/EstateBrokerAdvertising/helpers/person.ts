import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { refuse } from '../../shared/checks';
import { bodyField, estateIdField as sharedEstateIdField } from '../../shared/descriptions';
import { type RequestStep } from '../../shared/transport';
import { isoDateBodyFields } from '../../shared/steps';
import { TEXT_LIMITS } from '../../shared/limits';

/** records.md: first and last name of an interest application, 1 to 40 characters each. */
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
	['address.countryCode', 'countryCode', 'Country Code', 'Country of the postal address, e.g. SE'],
	['email.emailAddress', 'email', 'Email', 'E-mail address; also used to recognise a person already registered'],
	['email.emailAddress2', 'email2', 'Second Email', 'Another e-mail address of the person'],
	['socialSecurityNumber', 'socialSecurityNumber', 'Social Security Number', 'Personal identity number; the surest way to recognise a person already registered'],
	['address.streetAddress', 'streetAddress', 'Street Address', 'Street and number of the postal address'],
	['telephone.cell', 'cellPhone', 'Mobile Phone', 'Mobile number; also used to recognise a person already registered'],
	['telephone.home', 'homePhone', 'Home Phone', 'Home number; also used to recognise a person already registered'],
	['telephone.other', 'otherPhone', 'Other Phone', 'Any other phone number'],
	['telephone.work', 'workPhone', 'Work Phone', 'Work phone number'],
	['address.zipCode', 'zipCode', 'Zip Code', 'Postal code of the postal address'],
];

/**
 * The optional person fields, as options of an Additional Fields collection. The interest
 * application's address has no country code (docs/spec/models.md: ContactAddress).
 */
export function personDetailFields(at: string, withCountryCode = true): INodeProperties[] {
	return [
		...PERSON_TEXT_FIELDS.filter(([wireName]) => withCountryCode || wireName !== 'address.countryCode').map(([wireName, name, displayName, description]) =>
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
			displayName: 'Foreign Social Security Number',
			name: 'isForeignSocialSecurityNumber',
			type: 'boolean',
			default: false,
			description: 'Whether the social security number was issued abroad',
		}),
		bodyField(`${at}gdprApprovalDate`, {
			displayName: 'GDPR Approval Date',
			name: 'gdprApprovalDate',
			type: 'dateTime',
			default: '',
			description: 'When the person agreed to have their personal data stored',
		}),
	];
}

/** Options of a collection in alphabetical order, as n8n shows them. */
export function byDisplayName(fields: INodeProperties[]): INodeProperties[] {
	return [...fields].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

function bodyAt(body: IDataObject, at: string): IDataObject {
	return at === '' ? body : ((body[at.replace(/\.$/, '')] as IDataObject | undefined) ?? {});
}

/** Refuses names the service would refuse (before the call, naming the field), and sends dates in ISO 8601. */
export function personSteps(at: string): RequestStep[] {
	const checkNames: RequestStep = async function (request) {
		const person = bodyAt((request.body ?? {}) as IDataObject, at);
		for (const [key, label] of [
			['firstName', 'First Name'],
			['lastName', 'Last Name'],
		] as const) {
			const value = String(person[key] ?? '').trim();
			if (value.length < NAME_LENGTH.min || value.length > NAME_LENGTH.max) {
				throw refuse(this, `${label} must be ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters; got ${value.length}`);
			}
			person[key] = value;
		}
		return request;
	};
	return [checkNames, isoDateBodyFields({ [`${at}gdprApprovalDate`]: 'GDPR Approval Date' })];
}

/** Where a lead came from and whether marketing is allowed: the same wire fields in both applications. */
export function leadSourceFields(): INodeProperties[] {
	return [
		bodyField('leadSourceId', {
			displayName: 'Lead Source ID',
			name: 'leadSourceId',
			type: 'string',
			default: '',
			description: 'Where the lead came from, e.g. the web form or portal',
		}),
		bodyField('marketing', {
			displayName: 'Marketing',
			name: 'marketing',
			type: 'boolean',
			default: false,
			description: 'Whether the person agrees to receive marketing',
		}),
	];
}

export const estateIdField: INodeProperties = sharedEstateIdField('The property the person is interested in');
