import { ESTATE_STATUSES } from '../../../nodes/shared/listings';
import { packEstate, unpackEstate } from '../../../nodes/shared/listings/watchedFields';

/**
 * The estate statuses in the order the triggers' stored memories give their codes (a status is
 * stored as its position in ESTATE_STATUSES, in base 36): a memory stored by one version is
 * read by the next, so the list only ever grows at its end.
 */
const STORED_ORDER = [
	'Undefined',
	'AssignmentAttempt',
	'AssignmentAccepted',
	'ForSale',
	'Sold',
	'Resting',
	'NoAssignment',
	'AssignmentWithdrawn',
	'ReservedNotForSale',
	'NotForSale',
	'SoldReferenceObject',
	'Coming',
	'Advantage',
	'Booked',
	'SoonForSale',
	'ReadyForRent',
	'TentativelyRented',
	'Rented',
	'AppointedAdmission',
];

const remembered = (status: string | null) => ({
	changedAtHash: '0k3j2',
	status,
	price: 3_950_000,
	viewingHashes: [],
	biddingActive: false,
});

describe("An estate's remembered status", () => {
	it('is stored as its position in the one list of estate statuses, which keeps its order and only grows at the end', () => {
		expect(ESTATE_STATUSES.slice(0, STORED_ORDER.length)).toEqual(STORED_ORDER);
		for (const [position, status] of STORED_ORDER.entries()) {
			const packed = packEstate(remembered(status));
			expect(packed).toBe(`0k3j20${position.toString(36)},2cnu8,`);
			expect(unpackEstate(packed)?.status).toBe(status);
		}
	});

	it('is stored by its id where the list does not name it, and read back as it came', () => {
		const packed = packEstate(remembered('Auction,2027'));
		expect(packed).toBe('0k3j20~Auction%2C2027,2cnu8,');
		expect(unpackEstate(packed)?.status).toBe('Auction,2027');
	});
});
