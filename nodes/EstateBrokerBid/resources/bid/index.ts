import type { ResourceDefinition } from '../../../shared/descriptions';
import { annulBid } from './annul';
import { getBid } from './get';
import { getAllBids } from './getAll';
import { getAllHiddenBids } from './getAllHidden';
import { placeBid } from './place';
import { placeVerifiedBid } from './placeVerified';

export const bidResource: ResourceDefinition = {
	name: 'Bid',
	value: 'bid',
	description: 'Bids by prospective buyers on a property',
	operations: [getBid, getAllBids, getAllHiddenBids, placeBid, placeVerifiedBid, annulBid],
	defaultOperation: String(getAllBids.option.value),
};
