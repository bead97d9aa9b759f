import { defineOperation } from '../../../shared/descriptions';
import type { AnswerStep } from '../../../shared/engine';

/** The service lists archived users too (people who left); most flows want only the current ones. */
const currentUsers: AnswerStep = async function (users) {
	if (this.getNodeParameter('includeArchived', false) === true) return users;
	return users.filter((user) => user.json.archived !== true);
};

export const getUsers = defineOperation({
	resource: 'directory',
	value: 'getUsers',
	name: 'Get Users',
	action: 'Get the users of the office',
	description:
		'The agents and other users of the office or group, one item each, with title, department, e-mail, phones and offices',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/External/Users',
		customerIdQuery: 'customerId',
		postReceive: [currentUsers],
	},
	fields: [
		{
			displayName: 'Include Archived Users',
			name: 'includeArchived',
			type: 'boolean',
			default: false,
			description: 'Whether to include users who no longer work at the office',
		},
	],
});
