import { defineOperation } from '../../../shared/descriptions';
import type { AnswerStep } from '../../../shared/engine';
import { referenceField } from '../../helpers/reference';

/** The reference comes first in the item, so a polling loop can feed the item straight back. */
const withReference: AnswerStep = async function (items) {
	const reference = String(this.getNodeParameter('reference', '')).trim();
	return items.map((item) => ({ ...item, json: { reference, ...item.json } }));
};

/**
 * StatusResponse { status, hintCode, user, jwtUser }. jwtUser is a token for the person who
 * logged in: it is returned because it is what the flow asked for, and never logged.
 */
export const getElectronicIdStatus = defineOperation({
	resource: 'electronicId',
	value: 'getStatus',
	name: 'Get Status',
	action: 'Get the status of an electronic ID login',
	description:
		'See how a login is going: status pending (with a hint such as userSign), complete (with the person and their token) or failed. Poll every few seconds, e.g. with a Wait node in a loop, until it is no longer pending.',
	request: {
		method: 'GET',
		path: '/Authenticate/EId/{customerId}/Status/{reference}',
		pathLabels: { reference: 'Reference' },
		postReceive: [withReference],
	},
	fields: [referenceField('The reference Initiate gave')],
});
