import { defineResource } from '../../../shared/descriptions';
import { annulBid } from './annul';
import { getBid } from './get';
import { getAllBids } from './getAll';
import { getAllHiddenBids } from './getAllHidden';
import { placeBid } from './place';
import { placeVerifiedBid } from './placeVerified';

export const bidResource = defineResource(
	'Bid',
	'Bids by prospective buyers on a property',
	[getBid, getAllBids, getAllHiddenBids, placeBid, placeVerifiedBid, annulBid],
	String(getAllBids.option.value),
);
