import type { ResourceDefinition } from '../../../shared/descriptions';
import { optOutContactOrder } from './optOut';

export const contactOrderResource: ResourceDefinition = {
	name: 'Contact Order',
	value: 'contactOrder',
	description: 'Mailings (contact services) a contact receives',
	operations: [optOutContactOrder],
	defaultOperation: 'optOut',
};
