import type { ResourceDefinition } from '../../../shared/descriptions';
import { createFocusArea } from './create';
import { getAllFocusAreas } from './getAll';

export const focusAreaResource: ResourceDefinition = {
	name: 'Focus Area',
	value: 'focusArea',
	description: 'Areas drawn on the map to focus on',
	operations: [getAllFocusAreas, createFocusArea],
};
