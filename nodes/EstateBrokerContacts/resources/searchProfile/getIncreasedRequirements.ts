import type { IDataObject } from 'n8n-workflow';

import { defineOperation } from '../../../shared/descriptions';
import type { AnswerStep } from '../../../shared/engine';

/** The answer holds one collection per customer (models.md); each requirement becomes an item with its customer. */
const oneItemPerRequirement: AnswerStep = async function (answers) {
	return answers.flatMap((answer) => {
		const requirements = answer.json.increasedRequirements;
		if (!Array.isArray(requirements)) return [];
		return requirements.map((requirement) => ({
			json: { customerId: answer.json.customerId, ...(requirement as IDataObject) },
			pairedItem: answer.pairedItem,
		}));
	});
};

export const getIncreasedRequirements = defineOperation({
	resource: 'searchProfile',
	value: 'getIncreasedRequirements',
	name: 'Get Increased Requirements',
	action: 'Get the increased requirements',
	description:
		'Increased requirements are special wishes a buyer adds to a farm search profile beyond type, size and price; one item per requirement with its ID and text',
	request: {
		method: 'GET',
		path: '/IncreasedRequirement/{customerId}',
		postReceive: [oneItemPerRequirement],
	},
});
