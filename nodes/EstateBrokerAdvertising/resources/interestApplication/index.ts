import type { ResourceDefinition } from '../../../shared/descriptions';
import { createInterestApplication } from './create';

export const interestApplicationResource: ResourceDefinition = {
	name: 'Interest Application',
	value: 'interestApplication',
	description: 'A person registering interest in a property',
	operations: [createInterestApplication],
	defaultOperation: 'create',
};
