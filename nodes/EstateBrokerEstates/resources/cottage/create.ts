import { cmsCreateOperation, COTTAGE } from '../../helpers/cmsOperations';

/** POST /Cottage/{customerId} with a CmsCottage body (a condominium's fields plus plot); the item is { cottageId }. */
export const createCottage = cmsCreateOperation(COTTAGE);
