import type { INodeProperties } from 'n8n-workflow';

import { bodyField, defineOperation, optionsField } from '../../../shared/descriptions';
import { TEXT_LIMITS } from '../../../shared/rules';
import { readBack } from '../../../shared/steps';
import {
	contactBody,
	contactDates,
	customerIdInBody,
	identifiedBy,
	reachable,
} from '../../helpers/contactBody';
import {
	additionalContactFields,
	matchingContactIdField,
	emailField,
	personOnlyFields,
	phoneFields,
} from '../contactFields';

const nameField = (name: string, displayName: string): INodeProperties =>
	bodyField(name, {
		displayName,
		name,
		type: 'string',
		default: '',
		description: `Up to ${TEXT_LIMITS.updatePerson.firstName} characters; left empty, the stored value is kept`,
	});

/** What names a person or reaches one (wire name: field). */
const PERSON_IDENTITY = {
	contactId: 'Contact ID',
	socialSecurityNumber: 'Social Security Number',
	firstName: 'First Name',
	lastName: 'Last Name',
	email: 'Email',
	cellPhone: 'Mobile Phone',
	telePhone: 'Home Phone',
	workPhone: 'Work Phone',
	otherPhone: 'Other Phone',
};

/** UpdatePerson's rule (models-2026.json): one of the phones or an e-mail must be given (Other Phone does not count). */
const PERSON_REACH = {
	'email.emailAddress': 'Email',
	'email.emailAddress2': 'Second Email',
	cellPhone: 'Mobile Phone',
	telePhone: 'Home Phone',
	workPhone: 'Work Phone',
};

export const upsertPerson = defineOperation({
	resource: 'person',
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a person',
	description: 'Create a new person, or update the current one if it already exists (upsert)',
	request: {
		method: 'POST',
		path: '/Contacts/UpdatePerson',
		bodyRoot: 'UpdatePerson',
		preSend: [
			customerIdInBody,
			contactBody,
			identifiedBy(PERSON_IDENTITY, 'person'),
			reachable(PERSON_REACH),
			contactDates,
		],
		postReceive: [
			readBack({
				answerKey: 'value',
				idKey: 'contactId',
				readPath: '/CRM/Contact/{customerId}/Person/{id}',
				listPath: '/CRM/Contact/{customerId}/Person',
				what: 'record',
				switchParameter: 'options.readBack',
			}),
		],
	},
	// One call per item: run as n8n's custom operation, its fields' routing applied there (engine/eachItem.ts).
	eachItem: { written: 'persons' },
	textLimits: TEXT_LIMITS.updatePerson,
	fields: [
		{
			displayName:
				'An existing person is found by Contact ID, else by Social Security Number, else by first and last name together with a phone number or email. If none matches (or none of these is given), a new person is created; the fields you fill in are saved on the person found or created.',
			name: 'duplicateRulesNotice',
			type: 'notice',
			default: '',
		},
		matchingContactIdField('person'),
		bodyField('socialSecurityNumber', {
			displayName: 'Social Security Number',
			name: 'socialSecurityNumber',
			type: 'string',
			default: '',
			placeholder: '19800101-1234',
			description: 'Personal identity number; also used to find an existing person',
		}),
		nameField('firstName', 'First Name'),
		nameField('lastName', 'Last Name'),
		emailField,
		phoneFields.cellPhone,
		phoneFields.telePhone,
		additionalContactFields('person', [
			...personOnlyFields,
			phoneFields.otherPhone,
			phoneFields.workPhone,
		]),
		optionsField([
			{
				displayName: 'Read Back Saved Person',
				name: 'readBack',
				type: 'boolean',
				default: true,
				description:
					'Whether to output each person as stored after the write (read back 20 persons a call: 1,000 persons take 1,000 writes and 50 reads). Off: only the writes are made, and each item holds the Contact ID alone.',
			},
		]),
	],
});
