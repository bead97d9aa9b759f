import type { Random } from '../store/random';

/** Luhn check digit over the 9 digits before it (Swedish personal and organisation numbers). */
export function luhnDigit(nineDigits: string): number {
	let sum = 0;
	for (let i = 0; i < nineDigits.length; i++) {
		let d = Number(nineDigits[i]) * (i % 2 === 0 ? 2 : 1);
		if (d > 9) d -= 9;
		sum += d;
	}
	return (10 - (sum % 10)) % 10;
}

/** A personnummer-like YYYYMMDD-NNNN with a valid check digit. */
export function personalNumber(random: Random, birthYear: number): string {
	const month = String(random.int(1, 12)).padStart(2, '0');
	const day = String(random.int(1, 28)).padStart(2, '0');
	const serial = random.digits(3);
	const nine = String(birthYear).slice(2) + month + day + serial;
	return `${birthYear}${month}${day}-${serial}${luhnDigit(nine)}`;
}

/** An organisation number NNNNNN-NNNN (aktiebolag prefix 55) with a valid check digit. */
export function organisationNumber(random: Random): string {
	const nine = '55' + random.digits(7);
	return `${nine.slice(0, 6)}-${nine.slice(6)}${luhnDigit(nine)}`;
}

export function mobilePhone(random: Random): string {
	return `07${random.pick(['0', '2', '3', '6'])}-${random.digits(3)} ${random.digits(2)} ${random.digits(2)}`;
}

export function landlinePhone(random: Random, areaCode: string): string {
	return `${areaCode}-${random.digits(3)} ${random.digits(2)} ${random.digits(2)}`;
}

/** Lower-case ASCII form of a name for e-mail addresses (å ä ö é -> a a o e). */
export function asciiSlug(text: string): string {
	return text
		.toLowerCase()
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '.')
		.replace(/^\.|\.$/g, '');
}

/** Only the digits of a phone number, with +46 written as a leading 0. */
export function phoneDigits(phone: string | undefined | null): string {
	if (!phone) return '';
	const trimmed = phone.trim();
	const digits = trimmed.replace(/\D/g, '');
	if (trimmed.startsWith('+46')) return '0' + digits.slice(2);
	if (digits.startsWith('0046')) return '0' + digits.slice(4);
	return digits;
}

/**
 * Comparable form of a personal or organisation number: the last 10 digits, so that
 * 19850312-1234, 198503121234 and 850312-1234 compare equal.
 */
export function identityDigits(value: string | undefined | null): string {
	if (!value) return '';
	const digits = value.replace(/\D/g, '');
	return digits.length > 10 ? digits.slice(-10) : digits;
}
