import { defineResource } from '../../../shared/descriptions';
import { createFocusArea } from './create';
import { getAllFocusAreas } from './getAll';

export const focusAreaResource = defineResource(
	'Focus Area',
	'Areas drawn on the map to focus on',
	[getAllFocusAreas, createFocusArea],
);
