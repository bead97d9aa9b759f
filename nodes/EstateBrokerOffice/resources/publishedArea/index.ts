import { defineResource } from '../../../shared/descriptions';
import { getPublishedArea } from './get';
import { getAllPublishedAreas } from './getAll';

export const publishedAreaResource = defineResource(
	'Published Area',
	'Areas the office publishes on its website, with their map outlines (not the CRM areas of Area)',
	[getPublishedArea, getAllPublishedAreas],
);
