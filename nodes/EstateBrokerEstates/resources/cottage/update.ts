import { cmsUpdateOperation, COTTAGE } from '../../helpers/cmsOperations';

/** PUT /Cottage/{customerId}/{cottageId} with the fields given; 204, the item acknowledges. */
export const updateCottage = cmsUpdateOperation(COTTAGE);
