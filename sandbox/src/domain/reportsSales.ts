import { invalidField, notFound } from '../errors';
import { SELECTION_DATE, estatesBySelection, soldEstates } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { Agent, Assignment, Estate, EstateStatus, EstateType } from '../store/types';
import { requireEstate } from './access';
import { agentName, boundsOf, byTimeThenId, officeName, officesOf } from './reportsCommon';
import { present } from './wire';

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

/** The ids of the descriptive values (DescriptiveId): the sandbox's own numbering. */
const STATUS_IDS: Record<EstateStatus, number> = {
	AssignmentAttempt: 1,
	ForSale: 3,
	Sold: 4,
	Withdrawn: 7,
};
const TYPE_IDS: Record<EstateType, number> = { Condominium: 1, House: 2, Cottage: 3, Farm: 4 };
const ASSIGNMENT_IDS: Record<Assignment, number> = { Writing: 1, Valuation: 2, Sale: 3 };

/** Which of the two models of models.md: the BusinessIntelligence one, or the production database's smaller one. */
export type SaleReportModel = 'businessIntelligence' | 'productionDatabase';

function initials(agent: Agent): string {
	return `${agent.firstName.charAt(0)}${agent.lastName.charAt(0)}`.toUpperCase();
}

/** EstateSaleReport of models.md: one estate with its responsible agent, who holds the whole commission. */
export function estateSaleReport(
	store: SandboxStore,
	e: Estate,
	model: SaleReportModel = 'businessIntelligence',
) {
	const full = model === 'businessIntelligence';
	const agent = store.agents.get(e.agentId);
	const office = store.offices.get(e.customerId);
	const agents = agent
		? [
				present({
					id: agent.userId,
					name: agentName(agent),
					initials: initials(agent),
					employeeId: agent.userName,
					responsible: true,
					primaryOffice: present({
						customerId: e.customerId,
						name: office?.name,
						city: office?.city,
					}),
					commission: { value: e.commission.amount, percentageOfTotal: 100 },
					...(full ? { changes: [] } : {}),
				}),
			]
		: [];
	return present({
		id: e.id,
		estateNumber: e.estateNumber,
		status: { id: STATUS_IDS[e.status], text: e.status },
		type: { id: TYPE_IDS[e.type], text: e.type },
		assignment: { id: ASSIGNMENT_IDS[e.commission.assignment], text: e.commission.assignment },
		address: present({
			streetAddress: e.address.streetAddress,
			zipCode: e.address.zipCode,
			...(full ? { countryCode: e.address.countryCode } : {}),
		}),
		agents,
		contractDay: e.contractDate,
		accessDay: e.accessDate,
		commission: e.commission.amount,
		commissionText: e.commission.percent === null ? 'Fast arvode' : `${e.commission.percent} %`,
		isNewHome: false,
		wgs84Coordinate: { longitud: e.coordinate.longitud, latitud: e.coordinate.latitud },
		changedAt: e.changedAt,
		startingPrice: Math.round(e.startingPrice),
		finalPrice: e.finalPrice === null ? null : Math.round(e.finalPrice),
		...(full ? { currencyCode: 'SEK', changes: [] } : {}),
	});
}

/**
 * SalesReportResponse: the estates of the scope whose date for `selectionType` lies in the
 * range (open ends allowed), by office, then year and month of that date, oldest first.
 */
export function salesReport(
	store: SandboxStore,
	query: SalesQuery,
	model: SaleReportModel = 'businessIntelligence',
) {
	const estates = estatesBySelection(
		store,
		query.customerId,
		query.selectionType,
		boundsOf(query),
	).sort(
		byTimeThenId(
			(e) => selectionDate(e, query.selectionType),
			(e) => e.id,
		),
	);
	const offices = new Map<string, Map<string, Map<string, Estate[]>>>();
	for (const e of estates) {
		const at = new Date(selectionDate(e, query.selectionType)!);
		const years = offices.get(e.customerId) ?? new Map<string, Map<string, Estate[]>>();
		const months = years.get(String(at.getUTCFullYear())) ?? new Map<string, Estate[]>();
		const month = String(at.getUTCMonth() + 1);
		months.set(month, [...(months.get(month) ?? []), e]);
		years.set(String(at.getUTCFullYear()), months);
		offices.set(e.customerId, years);
	}
	return {
		officeSaleReports: [...offices.keys()].sort().map((customerId) => ({
			customerId,
			officeName: officeName(store, customerId),
			years: [...offices.get(customerId)!].map(([year, months]) => ({
				year,
				months: [...months].map(([month, rows]) => ({
					month,
					estateSaleReports: rows.map((e) => estateSaleReport(store, e, model)),
				})),
			})),
		})),
	};
}

/**
 * The estate a GetSalesReportForEstate call names: by estateId, else by estateNumber; one of
 * them is needed, and when both are given they must name the same estate.
 */
export function estateForReport(
	store: SandboxStore,
	customerId: string,
	query: { estateId?: string; estateNumber?: string },
): Estate {
	const { estateId, estateNumber } = query;
	if (!estateId && !estateNumber)
		throw invalidField('estateId', 'estateId or estateNumber is required');
	if (estateId) {
		const estate = requireEstate(store, customerId, estateId);
		if (estateNumber && estate.estateNumber !== estateNumber)
			throw invalidField('estateNumber', `does not match estate ${estateId}`);
		return estate;
	}
	const match = [...store.estates.values()].find((e) => e.estateNumber === estateNumber);
	if (!match) throw notFound('Estate number', estateNumber!);
	return requireEstate(store, customerId, match.id);
}

/** SalesReportForEstateResponse: the estate's sale report. */
export function salesReportForEstate(store: SandboxStore, estate: Estate) {
	return { estates: [estateSaleReport(store, estate)] };
}

/** The lists of EstateReferences by estate type (the sandbox's types; the others stay empty). */
const REFERENCE_LISTS: Record<EstateType, string> = {
	House: 'houses',
	Cottage: 'cottages',
	Farm: 'farms',
	Condominium: 'condominiums',
};
const EMPTY_LISTS = [
	'houses',
	'housingCooperatives',
	'cottages',
	'plots',
	'farms',
	'condominiums',
	'commercialProperties',
	'foreignProperties',
];

/** EstateReferences: per office of the scope, its estates sold in the range by contract date, oldest first, in a list per kind. */
export function soldEstateReferences(
	store: SandboxStore,
	customerId: string,
	query: { dateFrom?: string; dateTo?: string },
) {
	const sold = soldEstates(store, customerId, boundsOf(query)).sort(
		byTimeThenId(
			(e) => e.contractDate,
			(e) => e.id,
		),
	);
	return officesOf(store, customerId).map((officeId) => {
		const office = store.offices.get(officeId)!;
		const lists: Record<string, unknown[]> = Object.fromEntries(
			EMPTY_LISTS.map((name) => [name, []]),
		);
		for (const e of sold.filter((estate) => estate.customerId === officeId)) {
			lists[REFERENCE_LISTS[e.type]].push(
				present({
					id: e.id,
					status: { id: STATUS_IDS[e.status], text: e.status },
					address: present({
						streetAddress: e.address.streetAddress,
						zipCode: e.address.zipCode,
						countryCode: e.address.countryCode,
					}),
					isNewHome: false,
					responsibleAgentName: agentName(store.agents.get(e.agentId)),
					contractDay: e.contractDate,
					advertisedAt: e.agreementDate,
				}),
			);
		}
		return { name: office.name, customerId: officeId, city: office.city, ...lists };
	});
}
