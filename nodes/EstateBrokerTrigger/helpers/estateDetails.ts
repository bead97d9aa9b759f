import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { objectAt, textOf } from '../../shared/rules';
import { responsibleAgent } from '../../shared/pickers';
import { toNodeError } from '../../shared/failures';
import { send, recordsOf } from '../../shared/wire';

/** An estate as a new-bid item carries it: where it is and who sells it (EstateSaleReport of models.md). */
export interface EstateDetails {
	estate: IDataObject;
	agent?: IDataObject;
}

function withoutEmpty(record: Record<string, unknown>): IDataObject {
	return Object.fromEntries(
		Object.entries(record).filter(([, value]) => value !== undefined),
	) as IDataObject;
}

/** The estate's address and its responsible agent (the one marked responsible, else the first), in the words of Simplify. */
function detailsOf(estateId: string, report: IDataObject | undefined): EstateDetails {
	const address = objectAt(report, 'address');
	const status = objectAt(report, 'status');
	const estate = withoutEmpty({
		id: estateId,
		estateNumber: textOf(report?.estateNumber),
		streetAddress: textOf(address.streetAddress),
		postalCode: textOf(address.zipCode),
		countryCode: textOf(address.countryCode),
		status: textOf(status.text),
	});
	const responsible = report ? responsibleAgent(report) : undefined;
	const agent = responsible
		? withoutEmpty({
				id: textOf(responsible.id),
				name: textOf(responsible.name),
				initials: textOf(responsible.initials),
				employeeId: textOf(responsible.employeeId),
			})
		: undefined;
	return { estate, ...(agent ? { agent } : {}) };
}

/**
 * A failure the estate alone causes (no access to its report, no such estate, refused): the
 * bids on it go out without the details. Any other (the service down, a time-out, an
 * unreadable answer) fails the poll before the state is written, so the next poll emits the
 * same bids, once, with their details.
 */
function causedByTheEstate(error: unknown): boolean {
	return ['400', '403', '404'].includes(String((error as { httpCode?: unknown }).httpCode ?? ''));
}

/**
 * The address and agent of each estate the poll's new bids are on, one sales-report call per
 * estate (GetSalesReportForEstate names one estate), each estate read once per poll whatever
 * the number of its bids, all at once within the account's throttle. Nothing is kept between
 * polls: the static data stays as small as it was.
 */
export type EstateOutcome = EstateDetails | { error: string };

export async function estateDetails(
	context: IPollFunctions,
	estateIds: string[],
): Promise<Map<string, EstateOutcome>> {
	const unique = [...new Set(estateIds.filter((id) => id !== ''))];
	const entries = await Promise.all(
		unique.map(async (estateId): Promise<[string, EstateOutcome]> => {
			try {
				const answer = (
					await send(context, {
						method: 'GET',
						path: '/BusinessIntelligence/GetSalesReportForEstate',
						customerIdQuery: 'customerId',
						qs: { estateId },
					})
				).body;
				const reports = recordsOf((answer as IDataObject | undefined)?.estates);
				return [
					estateId,
					detailsOf(
						estateId,
						reports.find((report) => textOf(report.id) === estateId) ?? reports[0],
					),
				];
			} catch (error) {
				if (!causedByTheEstate(error)) throw toNodeError(context.getNode(), error);
				return [estateId, { error: (error as Error).message }];
			}
		}),
	);
	return new Map(entries);
}
