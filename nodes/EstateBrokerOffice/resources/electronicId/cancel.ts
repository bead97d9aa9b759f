import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared/descriptions';
import { referenceField } from '../../helpers/reference';

/** The interface names the path segment `referense`; the parameter is called reference. */
export const cancelElectronicId = defineOperation({
	resource: 'electronicId',
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel an electronic ID login',
	description:
		'Stop a login that is still pending; its status then reads failed. A completed login cannot be cancelled.',
	request: {
		method: 'DELETE',
		path: '/Authenticate/EId/{customerId}/{reference}',
		pathLabels: { reference: 'Reference' },
		output: {
			kind: 'acknowledge',
			item(this: IExecuteSingleFunctions) {
				return {
					cancelled: true,
					reference: String(this.getNodeParameter('reference', '')).trim(),
				};
			},
		},
	},
	fields: [referenceField('The reference of the login to cancel, as Initiate gave it')],
});
