import { defineResource } from '../../../shared/descriptions';
import { addDeclaration } from './add';

export const declarationResource = defineResource(
	'Declaration',
	'Documents attached to a property, such as an energy declaration',
	[addDeclaration],
);
