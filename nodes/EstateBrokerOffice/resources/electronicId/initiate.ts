import { bodyField, defineOperation } from '../../../shared/descriptions';
import { socialNumberBody } from '../../helpers/socialNumber';

export const initiateElectronicId = defineOperation({
	resource: 'electronicId',
	value: 'initiate',
	name: 'Initiate',
	action: 'Start an electronic ID login',
	description:
		'Ask a person to log in with their electronic ID (e.g. BankID) on their phone. The item carries the reference that Get Status and Cancel take.',
	request: {
		method: 'POST',
		path: '/Authenticate/EId/{customerId}/Initiate',
		bodyRoot: 'InitiateData',
		preSend: [socialNumberBody],
	},
	fields: [
		bodyField('socialNumber', {
			displayName: 'Personal Number',
			name: 'socialNumber',
			type: 'string',
			default: '',
			required: true,
			placeholder: '19800101-1234',
			description:
				"The person's 12-digit personal identity number, YYYYMMDDNNNN; a hyphen before the last four digits is removed",
		}),
	],
});
