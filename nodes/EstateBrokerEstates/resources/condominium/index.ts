import { defineResource } from '../../../shared/descriptions';
import { createCondominium } from './create';
import { updateCondominium } from './update';

export const condominiumResource = defineResource(
	'Condominium',
	'Flats in a housing cooperative or owned apartments',
	[createCondominium, updateCondominium],
);
