import { createHash } from 'node:crypto';
import { forbidden, invalidField, notFound } from '../errors';
import { identityDigits, luhnDigit } from '../swedish/identity';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from '../swedish/names';
import type { SandboxStore } from '../store/store';
import type { EidLogin, EidStatus } from '../store/types';

/** The user of a completed login (StatusResponse.user, assumed shape). */
export interface EidUser {
	socialNumber: string;
	name: string;
	givenName: string;
	surname: string;
}

export interface StatusResponse {
	status: EidStatus;
	hintCode: string | null;
	user: EidUser | null;
	jwtUser: string | null;
}

/** The walk of a login, one step per status poll; the last step repeats. */
const WALK: readonly { status: EidStatus; hintCode: string | null }[] = [
	{ status: 'pending', hintCode: 'outstandingTransaction' },
	{ status: 'pending', hintCode: 'userSign' },
	{ status: 'complete', hintCode: null },
];
const CANCELLED = { status: 'failed', hintCode: 'userCancel' } as const;

/** 12 digits (YYYYMMDDNNNN) whose last digit is the Luhn check digit of the nine before it. */
export function assertSocialNumber(value: string): void {
	if (!/^\d{12}$/.test(value))
		throw invalidField('socialNumber', 'must be a personal number of 12 digits (YYYYMMDDNNNN)');
	if (luhnDigit(value.slice(2, 11)) !== Number(value[11]))
		throw invalidField('socialNumber', 'has a wrong check digit');
}

/** A reference shaped like a GUID, derived from the seed and a counter so runs repeat. */
function newReference(store: SandboxStore): string {
	const hex = createHash('sha256')
		.update(`${store.seedOptions.seed}:${store.nextId('eidLogin')}`)
		.digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function initiateLogin(
	store: SandboxStore,
	customerId: string,
	socialNumber: string,
): EidLogin {
	assertSocialNumber(socialNumber);
	const login: EidLogin = {
		reference: newReference(store),
		customerId,
		socialNumber,
		polls: 0,
		cancelled: false,
		createdAt: store.now(),
		completedAt: null,
	};
	store.eidLogins.set(login.reference, login);
	return login;
}

/** 404 unknown reference, 403 a login started through a customer outside this one. */
export function requireLogin(store: SandboxStore, customerId: string, reference: string): EidLogin {
	const login = store.eidLogins.get(reference);
	if (!login) throw notFound('Login', reference);
	if (!store.inScope(login.customerId, customerId))
		throw forbidden(`Login ${reference} belongs to another customer.`);
	return login;
}

/**
 * The person behind a number: a contact with that number anywhere in the database (the
 * eID provider knows everyone), else a name derived from the digits (the second-to-last
 * digit is odd for men, as in Swedish personal numbers).
 */
function personOf(store: SandboxStore, socialNumber: string): EidUser {
	const digits = identityDigits(socialNumber);
	// Contacts are kept in id order, so the first match is the oldest.
	const match = [...store.contacts.values()].find(
		(c) => c.type === 'Person' && identityDigits(c.socialSecurityNumber) === digits,
	);
	const sum = [...digits].reduce((a, d) => a + Number(d), 0);
	const firstNames = Number(socialNumber[10]) % 2 ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES;
	const givenName = match?.firstName ?? firstNames[(sum * 7) % firstNames.length];
	const surname =
		match?.lastName ?? LAST_NAMES[(sum * 13 + Number(digits.slice(-4))) % LAST_NAMES.length];
	return { socialNumber, name: `${givenName} ${surname}`, givenName, surname };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT-shaped token (alg none): it carries the user, it proves nothing. */
function fakeJwt(login: EidLogin, user: EidUser): string {
	const iat = Math.floor(Date.parse(login.completedAt!) / 1000);
	const payload = {
		iss: 'estate-broker-sandbox',
		aud: login.customerId,
		sub: user.socialNumber,
		name: user.name,
		given_name: user.givenName,
		family_name: user.surname,
		iat,
		exp: iat + 3600,
	};
	return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** One status poll: advances the walk of a login that is neither cancelled nor complete. */
export function pollLogin(store: SandboxStore, login: EidLogin): StatusResponse {
	if (login.cancelled) return { ...CANCELLED, user: null, jwtUser: null };
	login.polls = Math.min(login.polls + 1, WALK.length);
	const step = WALK[login.polls - 1];
	if (step.status !== 'complete') return { ...step, user: null, jwtUser: null };
	login.completedAt ??= store.now();
	const user = personOf(store, login.socialNumber);
	return { ...step, user, jwtUser: fakeJwt(login, user) };
}

/** DELETE: cancels a pending login (again: no change); a complete login cannot be cancelled. */
export function cancelLogin(login: EidLogin): void {
	if (login.completedAt)
		throw invalidField('referense', 'the login is already complete and cannot be cancelled');
	login.cancelled = true;
}
