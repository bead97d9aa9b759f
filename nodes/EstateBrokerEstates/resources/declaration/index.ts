import type { ResourceDefinition } from '../../../shared/descriptions';
import { addDeclaration } from './add';

export const declarationResource: ResourceDefinition = {
	name: 'Declaration',
	value: 'declaration',
	description: 'Documents attached to a property, such as an energy declaration',
	operations: [addDeclaration],
};
