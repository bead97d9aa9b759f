import { defineResource } from '../../../shared/descriptions';
import { getAssociation } from './get';

export const associationResource = defineResource(
	'Association',
	'Housing associations of condominiums',
	[getAssociation],
	'get',
);
