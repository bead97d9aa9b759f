import { invalidField, notFound } from '../errors';
import { SELECTION_DATE, estatesBySelection, soldEstates } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { Estate } from '../store/types';
import { requireEstate } from './access';
import { agentName, boundsOf, byTimeThenId, echoTime, officeName, percentOf, sum } from './reportsCommon';

/**
 * Sales reports (GetSalesReport, GetEstateReportProdDb, GetEstatesReport), the sales report
 * of one estate and the sold-estate references, all read from the store's estates.
 */

export interface SalesQuery {
	customerId: string;
	selectionType: string;
	dateFrom?: string;
	dateTo?: string;
}

function selectionDate(estate: Estate, selectionType: string): string | null {
	return estate[SELECTION_DATE[selectionType]] as string | null;
}

/** The figures every sales row and the one-estate report share. */
function estateFigures(store: SandboxStore, e: Estate) {
	const agent = store.agents.get(e.agentId);
	return {
		estateId: e.id,
		estateNumber: e.estateNumber,
		customerId: e.customerId,
		type: e.type,
		status: e.status,
		streetAddress: e.address.streetAddress ?? '',
		zipCode: e.address.zipCode ?? '',
		city: e.address.city ?? '',
		userId: e.agentId,
		userName: agent?.userName ?? '',
		agentName: agentName(agent),
		livingSpace: e.livingSpace,
		numberOfRooms: e.numberOfRooms,
		startingPrice: e.startingPrice,
		finalPrice: e.finalPrice,
		assignment: e.commission.assignment,
		commissionPercent: e.commission.percent,
		commission: e.commission.amount,
		createdAt: e.createdAt,
		agreementDate: e.agreementDate,
		contractDate: e.contractDate,
		accessDate: e.accessDate,
		changedAt: e.changedAt,
		latestPropertyChangeDate: e.latestPropertyChangeDate,
	};
}

/**
 * SalesReportResponse: the estates of the scope whose date for `selectionType` lies in the
 * range (open ends allowed), oldest first, with totals. Unsold estates carry finalPrice null
 * and their agreed (estimated) commission.
 */
export function salesReport(store: SandboxStore, query: SalesQuery) {
	const estates = estatesBySelection(store, query.customerId, query.selectionType, boundsOf(query)).sort(
		byTimeThenId((e) => selectionDate(e, query.selectionType), (e) => e.id),
	);
	const sold = estates.filter((e) => e.status === 'Sold');
	return {
		customerId: query.customerId,
		selectionType: query.selectionType,
		dateFrom: echoTime(query.dateFrom),
		dateTo: echoTime(query.dateTo),
		rows: estates.map((e) => ({ ...estateFigures(store, e), selectionDate: selectionDate(e, query.selectionType) })),
		totals: {
			estates: estates.length,
			soldEstates: sold.length,
			salesVolume: sum(sold, (e) => e.finalPrice ?? 0),
			commission: sum(estates, (e) => e.commission.amount),
			soldCommission: sum(sold, (e) => e.commission.amount),
		},
	};
}

/**
 * The estate a GetSalesReportForEstate call names: by estateId, else by estateNumber; one of
 * them is needed, and when both are given they must name the same estate.
 */
export function estateForReport(store: SandboxStore, customerId: string, query: { estateId?: string; estateNumber?: string }): Estate {
	const { estateId, estateNumber } = query;
	if (!estateId && !estateNumber) throw invalidField('estateId', 'estateId or estateNumber is required');
	if (estateId) {
		const estate = requireEstate(store, customerId, estateId);
		if (estateNumber && estate.estateNumber !== estateNumber) throw invalidField('estateNumber', `does not match estate ${estateId}`);
		return estate;
	}
	const match = [...store.estates.values()].find((e) => e.estateNumber === estateNumber);
	if (!match) throw notFound('Estate number', estateNumber!);
	return requireEstate(store, customerId, match.id);
}

/** SalesReportForEstateResponse: the estate's sale figures plus its bidding and interest so far. */
export function salesReportForEstate(store: SandboxStore, estate: Estate) {
	const bids = [...store.bids.values()].filter((b) => b.estateId === estate.id && !b.isCanceled);
	const amounts = bids.map((b) => Number(b.amount)).filter((n) => Number.isFinite(n));
	const latestBid = bids.reduce<string | null>((latest, b) => (latest === null || b.createdAt > latest ? b.createdAt : latest), null);
	const days = estate.agreementDate && estate.contractDate ? Math.round((Date.parse(estate.contractDate) - Date.parse(estate.agreementDate)) / 86_400_000) : null;
	return {
		...estateFigures(store, estate),
		officeName: officeName(store, estate.customerId),
		municipality: estate.address.municipality,
		priceChangePercent: estate.finalPrice === null ? null : percentOf(estate.finalPrice - estate.startingPrice, estate.startingPrice),
		daysToContract: days,
		bids: bids.length,
		bidders: new Set(bids.map((b) => b.contactId)).size,
		highestBid: amounts.length ? Math.max(...amounts) : null,
		latestBidAt: latestBid,
		interestApplications: [...store.interestApplications.values()].filter((i) => i.estateId === estate.id).length,
		finalPriceWatches: [...store.finalPriceWatches.values()].filter((f) => f.estateId === estate.id).length,
	};
}

/** EstateReferences: sold estates of the scope by contract date, oldest first. */
export function soldEstateReferences(store: SandboxStore, customerId: string, query: { dateFrom?: string; dateTo?: string }) {
	return soldEstates(store, customerId, boundsOf(query))
		.sort(byTimeThenId((e) => e.contractDate, (e) => e.id))
		.map((e) => ({ estateId: e.id, estateNumber: e.estateNumber, customerId: e.customerId, contractDate: e.contractDate, changedAt: e.changedAt }));
}
