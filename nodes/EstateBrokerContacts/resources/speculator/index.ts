import type { ResourceDefinition } from '../../../shared/descriptions';
import { getSpeculator } from './get';
import { getManySpeculators } from './getMany';

export const speculator: ResourceDefinition = {
	name: 'Speculator',
	value: 'speculator',
	description: "A contact's interest in properties as a prospective buyer",
	operations: [getSpeculator, getManySpeculators],
	defaultOperation: getSpeculator.option.value as string,
};
