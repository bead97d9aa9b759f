import { defineResource } from '../../../shared/descriptions';
import { createInterestApplication } from './create';

export const interestApplicationResource = defineResource(
	'Interest Application',
	'A person registering interest in a property',
	[createInterestApplication],
	'create',
);
