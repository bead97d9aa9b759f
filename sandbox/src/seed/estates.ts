import type { SandboxStore } from '../store/store';
import type { Assignment, Estate, EstateStatus, EstateType } from '../store/types';
import { CITIES, STREET_NAMES } from '../swedish/names';
import { activeAgentIds } from './organisation';
import { addDays, randomPastTime } from './time';

/** How the 50 seeded estates are spread over the offices. */
const ESTATES_PER_OFFICE: Record<string, number> = { M30011: 22, M30012: 18, M40099: 10 };

const TYPE_WEIGHTS: Record<string, readonly (readonly [EstateType, number])[]> = {
	Stockholm: [
		['Condominium', 8],
		['House', 1],
		['Cottage', 1],
	],
	Uppsala: [
		['Condominium', 4],
		['House', 3],
		['Cottage', 1],
		['Farm', 2],
	],
	Göteborg: [
		['Condominium', 6],
		['House', 2],
		['Cottage', 1],
		['Farm', 1],
	],
};

const STATUS_WEIGHTS: readonly (readonly [EstateStatus, number])[] = [
	['AssignmentAttempt', 2],
	['ForSale', 3.5],
	['Sold', 4],
	['Withdrawn', 0.5],
];

export function seedEstates(store: SandboxStore): void {
	const { random } = store;
	for (const [office, count] of Object.entries(ESTATES_PER_OFFICE)) {
		const city = store.offices.get(office)!.city;
		const [zipPrefix, municipality, , lat, lon] = CITIES[city];
		const agents = activeAgentIds(store, office);
		const associations = [...store.associations.values()].filter((a) => a.customerId === office);
		for (let i = 0; i < count; i++) {
			const id = store.nextId('estate', office);
			const type = random.weighted(TYPE_WEIGHTS[city]);
			const status = random.weighted(STATUS_WEIGHTS);
			const livingSpace = type === 'Condominium' ? random.int(28, 120) : random.int(70, 220);
			const rooms = Math.max(1, Math.round(livingSpace / 28) + random.int(-1, 1));
			const pricePerSqm =
				city === 'Stockholm' ? random.int(70, 110) * 1000 : random.int(28, 55) * 1000;
			const startingPrice =
				Math.round((livingSpace * pricePerSqm * (type === 'Farm' ? 1.8 : 1)) / 5000) * 5000;
			const createdAt = randomPastTime(store, 360, 20);
			const agreementDate =
				status === 'AssignmentAttempt' ? null : addDays(createdAt, random.int(1, 14));
			const sold = status === 'Sold';
			const contractDate =
				sold && agreementDate
					? earlier(addDays(agreementDate, random.int(10, 90)), store.seedOptions.now)
					: null;
			const accessDate = contractDate ? addDays(contractDate, random.int(30, 120)) : null;
			const finalPrice = sold
				? Math.round((startingPrice * (0.95 + random.next() * 0.25)) / 5000) * 5000
				: null;
			const assignment: Assignment =
				status === 'AssignmentAttempt' ? 'Valuation' : random.chance(0.1) ? 'Writing' : 'Sale';
			const percent = assignment === 'Sale' && random.chance(0.6) ? random.int(12, 30) / 10 : null;
			const basis = finalPrice ?? startingPrice;
			const commissionAmount =
				assignment === 'Valuation'
					? 2500
					: assignment === 'Writing'
						? random.int(8, 15) * 1000
						: percent
							? Math.round((basis * percent) / 100)
							: random.int(45, 95) * 1000;
			const changedAt = latest(
				[createdAt, agreementDate, contractDate].filter(Boolean) as string[],
			);
			const street = random.pick(STREET_NAMES[city]);
			const estate: Estate = {
				id,
				customerId: office,
				estateNumber: `${office.slice(1)}-${String(i + 1).padStart(4, '0')}`,
				type,
				status,
				agentId: random.pick(agents),
				address: {
					streetAddress: `${street} ${random.int(1, 120)}`,
					zipCode: `${zipPrefix}${random.int(1, 9)} ${random.digits(2)}`,
					city,
					countryCode: 'SE',
					municipality,
				},
				coordinate: {
					latitud: round6(lat + (random.next() - 0.5) * 0.06),
					longitud: round6(lon + (random.next() - 0.5) * 0.1),
				},
				livingSpace,
				numberOfRooms: rooms,
				startingPrice,
				finalPrice,
				associationId:
					type === 'Condominium' && associations.length ? random.pick(associations).id : null,
				commission: { assignment, amount: commissionAmount, percent },
				createdAt,
				agreementDate,
				contractDate,
				accessDate,
				changedAt,
				latestPropertyChangeDate: changedAt,
				sellerIds: [],
				declarations: [],
			};
			store.estates.set(id, estate);
		}
	}
}

function earlier(iso: string, limit: Date): string {
	return new Date(Math.min(new Date(iso).getTime(), limit.getTime() - 3_600_000)).toISOString();
}

function latest(times: string[]): string {
	return times.reduce((a, b) => (a > b ? a : b));
}

function round6(n: number): number {
	return Math.round(n * 1e6) / 1e6;
}
