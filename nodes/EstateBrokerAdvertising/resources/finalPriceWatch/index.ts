import type { ResourceDefinition } from '../../../shared/descriptions';
import { createFinalPriceWatch } from './create';

export const finalPriceWatchResource: ResourceDefinition = {
	name: 'Final Price Watch',
	value: 'finalPriceWatch',
	description: 'A person waiting to hear what a property sold for',
	operations: [createFinalPriceWatch],
	defaultOperation: 'create',
};
