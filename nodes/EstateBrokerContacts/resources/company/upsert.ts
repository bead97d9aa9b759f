import { bodyField, defineOperation } from '../../../shared/descriptions';
import { TEXT_LIMITS } from '../../../shared/rules';
import { readBack } from '../../../shared/steps';
import {
	contactBody,
	contactDates,
	customerIdInBody,
	identifiedBy,
} from '../../helpers/contactBody';
import {
	additionalContactFields,
	matchingContactIdField,
	emailField,
	phoneFields,
} from '../contactFields';

/** What names a company or reaches one (wire name: field). */
const COMPANY_IDENTITY = {
	contactId: 'Contact ID',
	corporateNumber: 'Corporate Number',
	companyName: 'Company Name',
	email: 'Email',
	switchPhone: 'Switchboard Phone',
	otherPhone: 'Other Phone',
};

export const upsertCompany = defineOperation({
	resource: 'company',
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a company',
	description: 'Create a new company, or update the current one if it already exists (upsert)',
	request: {
		method: 'POST',
		path: '/Contacts/UpdateCompany',
		bodyRoot: 'UpdateCompany',
		preSend: [
			customerIdInBody,
			contactBody,
			identifiedBy(COMPANY_IDENTITY, 'company'),
			contactDates,
		],
		postReceive: [
			readBack({
				answerKey: 'value',
				idKey: 'contactId',
				readPath: '/CRM/Contact/{customerId}/Company/{id}',
				listPath: '/CRM/Contact/{customerId}/Company',
				what: 'record',
			}),
		],
	},
	// One call per item: run as n8n's custom operation, its fields' routing applied there (engine/eachItem.ts).
	eachItem: { written: 'companies' },
	textLimits: TEXT_LIMITS.updateCompany,
	fields: [
		{
			displayName:
				'An existing company is found by Contact ID, else by Organisation Number, else by company name together with the switchboard phone or email. If none matches (or none of these is given), a new company is created; the fields you fill in are saved on the company found or created.',
			name: 'duplicateRulesNotice',
			type: 'notice',
			default: '',
		},
		matchingContactIdField('company'),
		bodyField('corporateNumber', {
			displayName: 'Organisation Number',
			name: 'corporateNumber',
			type: 'string',
			default: '',
			placeholder: '556677-8899',
			description: 'Corporate identity number; also used to find an existing company',
		}),
		bodyField('companyName', {
			displayName: 'Company Name',
			name: 'companyName',
			type: 'string',
			default: '',
			description: `Up to ${TEXT_LIMITS.updateCompany.companyName} characters; left empty, the stored value is kept`,
		}),
		bodyField('switchPhone', {
			displayName: 'Switchboard Phone',
			name: 'switchPhone',
			type: 'string',
			default: '',
			description: 'Main phone number of the company',
		}),
		emailField,
		additionalContactFields('company', [
			bodyField('homePage', {
				displayName: 'Home Page',
				name: 'homePage',
				type: 'string',
				default: '',
				placeholder: 'https://www.example.com',
			}),
			bodyField('isForeignCorporateNumber', {
				displayName: 'Foreign Organisation Number',
				name: 'isForeignCorporateNumber',
				type: 'boolean',
				default: false,
				description: 'Whether the organisation number was issued abroad',
			}),
			phoneFields.otherPhone,
		]),
	],
});
