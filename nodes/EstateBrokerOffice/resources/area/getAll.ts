import { defineOperation, optionsField, queryField } from '../../../shared/descriptions';
import { recordPicker } from '../../../shared/pickers';
import { type AnswerStep, sentRequest } from '../../../shared/engine';
import { listFields } from '../../helpers/listFields';

/** Archived areas are no longer in use: left out unless asked for, or unless one area was picked. */
const withoutArchived: AnswerStep = async function (areas) {
	const { qs } = sentRequest(this);
	const picked =
		qs?.['criteria.areaId'] !== undefined && String(qs['criteria.areaId']).trim() !== '';
	const includeArchived = this.getNodeParameter('options.includeArchived', false) === true;
	return picked || includeArchived ? areas : areas.filter((area) => area.json.archived !== true);
};

export const getAllAreas = defineOperation({
	resource: 'area',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many areas',
	description:
		"List the office's areas (districts it works in) with their outlines on the map, or one area",
	request: {
		method: 'GET',
		path: '/Area/GetAreas',
		customerIdQuery: 'criteria.customerId',
		postReceive: [withoutArchived],
	},
	fields: [
		...listFields(
			queryField(
				'criteria.areaId',
				recordPicker({
					displayName: 'Area',
					name: 'areaId',
					description: 'Only this area',
					searchListMethod: 'searchAreas',
					placeholder: 'SOM1338C0C2F0841FCF5F90A962389C6590',
					required: false,
				}),
			),
		),
		optionsField([
			{
				displayName: 'Include Archived',
				name: 'includeArchived',
				type: 'boolean',
				default: false,
				description:
					'Whether to list archived areas too (an area picked in Filters is always returned)',
			},
		]),
	],
});
