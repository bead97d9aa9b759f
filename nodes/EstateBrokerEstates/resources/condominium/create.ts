import { cmsCreateOperation, CONDOMINIUM } from '../../helpers/cmsOperations';

/** POST /Condominium/{customerId} with a CmsCondominium body; the item is { condominiumId }. */
export const createCondominium = cmsCreateOperation(CONDOMINIUM);
