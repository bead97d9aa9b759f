import type { IDataObject } from 'n8n-workflow';

import type { RequestStep } from '../../shared/engine';
import { inputError } from '../../shared/rules';

/** Luhn check digit over the nine digits after the century, as in Swedish personal numbers. */
function checkDigit(nineDigits: string): number {
	const sum = [...nineDigits].reduce((total, digit, index) => {
		const product = Number(digit) * (index % 2 === 0 ? 2 : 1);
		return total + (product > 9 ? product - 9 : product);
	}, 0);
	return (10 - (sum % 10)) % 10;
}

/**
 * InitiateData.socialNumber is 12 digits (YYYYMMDDNNNN). The common written form
 * YYYYMMDD-NNNN is accepted and sent without the hyphen (or space). The 10-digit form is
 * refused rather than guessed: its century is ambiguous. A wrong check digit is a typo, so
 * it is refused before a login is started for a number that does not exist.
 */
export const socialNumberBody: RequestStep = async function (request) {
	const body = (request.body ?? {}) as IDataObject;
	const written = String(body.socialNumber ?? '').trim();
	if (written === '')
		throw inputError(
			this,
			'Personal Number is required',
			'Give the 12-digit personal number, e.g. 19800101-1234.',
		);
	const parts = /^(\d{8})[-\s]?(\d{4})$/.exec(written);
	if (!parts) {
		const short = /^\d{6}[-+\s]?\d{4}$/.test(written);
		throw inputError(
			this,
			`Personal Number must have 12 digits (YYYYMMDDNNNN); got "${written}"`,
			short
				? 'Add the century: 19 or 20 before the date, e.g. 19800101-1234.'
				: 'Write it as YYYYMMDDNNNN or YYYYMMDD-NNNN.',
		);
	}
	const socialNumber = `${parts[1]}${parts[2]}`;
	if (checkDigit(socialNumber.slice(2, 11)) !== Number(socialNumber[11])) {
		throw inputError(
			this,
			'Personal Number has a wrong check digit',
			'The last digit does not match the others; check the number for a typo.',
		);
	}
	return { ...request, body: { ...body, socialNumber } };
};
