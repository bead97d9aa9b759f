import { registerFinalPriceWatch, registerInterest } from '../domain/advertising';
import { SandboxStore, type SeedOptions } from '../store/store';
import { seedContacts } from './contacts';
import { seedEstates } from './estates';
import { seedListings } from './listings';
import {
	seedBids,
	seedContactOrders,
	seedPresentAccommodations,
	seedSearchProfiles,
	seedSellers,
} from './crm';
import { asciiSlug, mobilePhone } from '../swedish/identity';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from '../swedish/names';
import {
	seedAgents,
	seedAreas,
	seedAssociations,
	seedCategories,
	seedIncreasedRequirements,
	seedOffices,
} from './organisation';
import { seedBudgets, seedLeads, seedLiveData } from './reports';
import { randomPastTime } from './time';

export const DEFAULT_SCALE = { bids: 200, contacts: 500, listings: 0 } as const;
export const DEFAULT_SEED = 20240611;

/**
 * Builds a store from a seed: the same seed, scale and reference time give the same data.
 * Order matters: later parts pick from earlier ones with the shared PRNG.
 */
export function createSeededStore(options: SeedOptions): SandboxStore {
	const store = new SandboxStore(options);
	seedOffices(store);
	seedAgents(store);
	seedCategories(store);
	seedAreas(store);
	seedAssociations(store);
	seedIncreasedRequirements(store);
	seedEstatesAndPeople(store, options);
	seedLeads(store);
	seedInterests(store);
	seedBudgets(store);
	seedLiveData(store);
	seedListings(store);
	return store;
}

function seedEstatesAndPeople(store: SandboxStore, options: SeedOptions): void {
	seedEstates(store);
	seedContacts(store, options.scale.contacts);
	seedSellers(store);
	seedBids(store, options.scale.bids);
	seedContactOrders(store);
	seedSearchProfiles(store);
	seedPresentAccommodations(store);
}

/** Interest applications and final-price watches from the web over the last year. */
function seedInterests(store: SandboxStore): void {
	const { random } = store;
	const estates = [...store.estates.values()].filter(
		(e) => e.status === 'ForSale' || e.status === 'Sold',
	);
	const times: string[] = [];
	for (let i = 0; i < 75; i++) times.push(randomPastTime(store, 365, 1));
	times.sort();
	times.forEach((at, i) => {
		const estate = random.pick(estates);
		const female = random.chance(0.5);
		const firstName = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
		const lastName = random.pick(LAST_NAMES);
		const person = {
			firstName,
			lastName,
			telephone: { cell: mobilePhone(random) },
			email: {
				emailAddress: `${asciiSlug(firstName)}.${asciiSlug(lastName)}${random.int(100, 999)}@mail.example`,
			},
		};
		if (i % 5 === 4) {
			registerFinalPriceWatch(
				store,
				estate,
				{ person, leadSourceId: 'Web', message: 'Vill veta slutpriset.' },
				at,
			);
		} else {
			registerInterest(
				store,
				estate.customerId,
				estate,
				{
					...person,
					leadSourceId: 'Web',
					status: random.pick(['Interested', 'VeryInterested'] as const),
					contactMessage: 'Jag vill gärna boka visning.',
				},
				false,
				at,
			);
		}
	});
}
