import { BANKS, INSURERS } from '../swedish/names';
import type { SandboxStore } from '../store/store';
import type { BuyerEconomy, LoanPromise } from '../store/types';

/** Buyer_LoanPromise (models-2026.json): every field may be left out. */
export interface LoanPromiseBody {
	bank?: string;
	validUntil?: string;
	estateType?: LoanPromise['estateType'];
	estateId?: string;
	status?: LoanPromise['status'];
	financing?: LoanPromise['financing'];
}

/** Small stable hash so a buyer's default economy is the same on every call without using the PRNG. */
function hash(text: string): number {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
	return h;
}

/** BuyerEconomy of a contact for an estate: stored details, else stable defaults; with the latest loan promise. */
export function buyerEconomy(store: SandboxStore, contactId: string, estateId: string) {
	const key = `${contactId}|${estateId}`;
	let economy = store.buyerEconomies.get(key);
	if (!economy) {
		const h = hash(key);
		economy = {
			contactId,
			estateId,
			bank: {
				name: BANKS[h % BANKS.length],
				clearingNumber: String(8000 + (h % 1000)),
				accountNumber: String(1_000_000_000 + (h % 900_000_000)),
				contactPerson: 'Bolånerådgivare',
				phone: `0771-${String(h % 1000).padStart(3, '0')} 000`,
			},
			insurance: {
				company: INSURERS[(h >>> 8) % INSURERS.length],
				policyNumber: `P${(h % 900000) + 100000}`,
			},
			ownCapital: ((h % 40) + 10) * 25_000,
		} satisfies BuyerEconomy;
		store.buyerEconomies.set(key, economy);
	}
	// BuyerEconomy (models.md): the bank with the buyer's account, and the insurance company.
	return {
		bank: {
			name: economy.bank.name,
			clearingNumber: economy.bank.clearingNumber,
			accountNumber: economy.bank.accountNumber,
		},
		insuranceCompany: { name: economy.insurance.company },
	};
}

export function createLoanPromise(
	store: SandboxStore,
	customerId: string,
	contactId: string,
	body: LoanPromiseBody,
): LoanPromise {
	const promise: LoanPromise = {
		id: store.nextId('loanPromise'),
		customerId: store.owningOffice(customerId),
		contactId,
		bank: body.bank ?? null,
		validUntil: body.validUntil ?? null,
		estateType: body.estateType ?? null,
		estateId: body.estateId ?? null,
		status: body.status ?? null,
		financing: body.financing ?? null,
		createdAt: store.now(),
	};
	store.loanPromises.set(promise.id, promise);
	return promise;
}
