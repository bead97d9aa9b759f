import { defineResource } from '../../../shared/descriptions';
import { createFinalPriceWatch } from './create';

export const finalPriceWatchResource = defineResource(
	'Final Price Watch',
	'A person waiting to hear what a property sold for',
	[createFinalPriceWatch],
	'create',
);
