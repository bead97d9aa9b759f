import { defineOperation, returnAllFields } from '../../../shared/descriptions';
import { OFFICE_GROUPS_PATH } from '../../../shared/listings';
import { officeGroupsGetAll } from '../../../shared/steps';

export const getAllOfficeGroups = defineOperation({
	resource: 'officeGroup',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many office groups',
	description:
		'List the office groups of the customer or group (e.g. the group that picks which offices reach the website): one item per group with its offices; none when it has no groups',
	request: {
		method: 'GET',
		path: OFFICE_GROUPS_PATH,
		pagination: officeGroupsGetAll,
	},
	fields: [...returnAllFields()],
});
