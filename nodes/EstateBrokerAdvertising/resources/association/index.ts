import type { ResourceDefinition } from '../../../shared/descriptions';
import { getAssociation } from './get';

export const associationResource: ResourceDefinition = {
	name: 'Association',
	value: 'association',
	description: 'Housing associations of condominiums',
	operations: [getAssociation],
	defaultOperation: 'get',
};
