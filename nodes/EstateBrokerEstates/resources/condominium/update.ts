import { cmsUpdateOperation, CONDOMINIUM } from '../../helpers/cmsOperations';

/** PUT /Condominium/{customerId}/{condominiumId} with the fields given; 204, the item acknowledges. */
export const updateCondominium = cmsUpdateOperation(CONDOMINIUM);
