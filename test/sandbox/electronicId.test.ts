import { parseXml } from '../../nodes/shared/xml';
import { findContact, useTestSandbox } from './helpers';

const sb = useTestSandbox();

/** Luhn check digit of Swedish personal numbers, computed here independently of the sandbox. */
function withCheckDigit(elevenDigits: string): string {
	const nine = elevenDigits.slice(2);
	const sum = [...nine].reduce((acc, ch, i) => {
		const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
		return acc + (d > 9 ? d - 9 : d);
	}, 0);
	return elevenDigits + ((10 - (sum % 10)) % 10);
}

const base64urlJson = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

async function initiate(customerId: string, socialNumber: string, client = sb.demo) {
	const response = await client.post(`/Authenticate/EId/${customerId}/Initiate`, { socialNumber });
	expect(response.status).toBe(200);
	return response.data.reference as string;
}

describe('Electronic-ID login (4.2)', () => {
	it('walks from pending to complete over three polls, naming a known person', async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) =>
			/^\d{8}-\d{4}$/.test(c.socialSecurityNumber),
		);
		const socialNumber = person.socialSecurityNumber.replace('-', '');
		const reference = await initiate('M30011', socialNumber);
		expect(reference).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
		const status = () => sb.demo.get(`/Authenticate/EId/M30011/Status/${reference}`);
		expect((await status()).data).toEqual({
			status: 'pending',
			hintCode: 'outstandingTransaction',
			user: null,
			jwtUser: null,
		});
		expect((await status()).data).toEqual({
			status: 'pending',
			hintCode: 'userSign',
			user: null,
			jwtUser: null,
		});
		const complete = await status();
		expect(complete.status).toBe(200);
		const user = {
			socialNumber,
			name: `${person.firstName} ${person.lastName}`,
			givenName: person.firstName,
			surname: person.lastName,
		};
		expect(complete.data).toMatchObject({ status: 'complete', hintCode: null, user });
		const [header, payload, signature] = complete.data.jwtUser.split('.');
		expect(base64urlJson(header)).toEqual({ alg: 'none', typ: 'JWT' });
		expect(base64urlJson(payload)).toMatchObject({
			sub: socialNumber,
			aud: 'M30011',
			given_name: person.firstName,
			family_name: person.lastName,
		});
		expect(signature).toBe('');
		// Later polls repeat the outcome, token included; a group that covers the office may poll too.
		expect((await sb.demo.get(`/Authenticate/EId/G2/Status/${reference}`)).data).toEqual(
			complete.data,
		);
	});

	it('names someone who is not a contact from the number alone', async () => {
		const socialNumber = withCheckDigit('19770707111');
		const digits = socialNumber.slice(2);
		expect(
			[...sb.handle.store.contacts.values()].some((c) =>
				c.socialSecurityNumber.replace(/\D/g, '').endsWith(digits),
			),
		).toBe(false);
		const reference = await initiate('M30012', socialNumber, sb.demo);
		for (let i = 0; i < 2; i++) await sb.demo.get(`/Authenticate/EId/M30012/Status/${reference}`);
		const { user } = (await sb.demo.get(`/Authenticate/EId/M30012/Status/${reference}`)).data;
		expect(user.socialNumber).toBe(socialNumber);
		expect(user.givenName.length).toBeGreaterThan(1);
		expect(user.surname.length).toBeGreaterThan(1);
		expect(user.name).toBe(`${user.givenName} ${user.surname}`);
		expect(sb.handle.store.eidLogins.get(reference)).toMatchObject({
			customerId: 'M30012',
			socialNumber,
			polls: 3,
			cancelled: false,
		});
	});

	it('is cancelled by DELETE: the next poll says failed/userCancel, a second DELETE changes nothing', async () => {
		const reference = await initiate('M30011', withCheckDigit('19850312123'), sb.sodermalm);
		expect(
			(await sb.sodermalm.get(`/Authenticate/EId/M30011/Status/${reference}`)).data.status,
		).toBe('pending');
		const cancelled = await sb.sodermalm.delete(`/Authenticate/EId/M30011/${reference}`);
		expect(cancelled.status).toBe(204);
		expect(cancelled.data).toBe('');
		for (let i = 0; i < 3; i++) {
			expect((await sb.sodermalm.get(`/Authenticate/EId/M30011/Status/${reference}`)).data).toEqual(
				{ status: 'failed', hintCode: 'userCancel', user: null, jwtUser: null },
			);
		}
		expect((await sb.sodermalm.delete(`/Authenticate/EId/M30011/${reference}`)).status).toBe(204);
		expect(sb.handle.store.eidLogins.get(reference)).toMatchObject({
			cancelled: true,
			completedAt: null,
		});
	});

	it('refuses to cancel a complete login', async () => {
		const reference = await initiate('M30011', withCheckDigit('19850312123'));
		for (let i = 0; i < 3; i++) await sb.demo.get(`/Authenticate/EId/M30011/Status/${reference}`);
		const response = await sb.demo.delete(`/Authenticate/EId/M30011/${reference}`);
		expect(response.status).toBe(400);
		expect(response.data.errors).toEqual([
			{ field: 'referense', message: 'the login is already complete and cannot be cancelled' },
		]);
		expect((await sb.demo.get(`/Authenticate/EId/M30011/Status/${reference}`)).data.status).toBe(
			'complete',
		);
	});

	it('answers 404 for an unknown reference and 403 for a login of another customer', async () => {
		expect((await sb.demo.get('/Authenticate/EId/M30011/Status/no-such-login')).status).toBe(404);
		expect((await sb.demo.delete('/Authenticate/EId/M30011/no-such-login')).status).toBe(404);
		const reference = await initiate('M30012', withCheckDigit('19850312123'));
		expect((await sb.demo.get(`/Authenticate/EId/M30011/Status/${reference}`)).status).toBe(403);
		expect((await sb.demo.delete(`/Authenticate/EId/M30011/${reference}`)).status).toBe(403);
		expect((await sb.other.get(`/Authenticate/EId/M30012/Status/${reference}`)).status).toBe(403);
		expect(
			(
				await sb.other.post('/Authenticate/EId/M30011/Initiate', {
					socialNumber: withCheckDigit('19850312123'),
				})
			).status,
		).toBe(403);
		// The 403s did not advance or cancel the login.
		expect(sb.handle.store.eidLogins.get(reference)).toMatchObject({ polls: 0, cancelled: false });
	});

	it('rejects a missing body and social numbers that are not 12 digits with a valid check digit', async () => {
		const url = '/Authenticate/EId/M30011/Initiate';
		expect((await sb.demo.post(url)).data.errors).toEqual([
			{ field: 'body', message: 'a request body is required' },
		]);
		expect((await sb.demo.post(url, {})).data.errors).toEqual([
			{ field: 'socialNumber', message: 'is required' },
		]);
		const good = withCheckDigit('19850312123');
		const wrongDigit = good.slice(0, 11) + ((Number(good[11]) + 1) % 10);
		for (const socialNumber of [
			'8503121234',
			`${good.slice(0, 8)}-${good.slice(8)}`,
			'1985031212345',
			'abcdefghijkl',
		]) {
			const response = await sb.demo.post(url, { socialNumber });
			expect(response.status).toBe(400);
			expect(response.data.errors).toEqual([
				{ field: 'socialNumber', message: 'must be a personal number of 12 digits (YYYYMMDDNNNN)' },
			]);
		}
		expect((await sb.demo.post(url, { socialNumber: wrongDigit })).data.errors).toEqual([
			{ field: 'socialNumber', message: 'has a wrong check digit' },
		]);
		expect(sb.handle.store.eidLogins.size).toBe(0);
	});

	it('speaks XML: InitiateData in, InitateResponse and StatusResponse out', async () => {
		const socialNumber = withCheckDigit('19900101123');
		const xml = {
			headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
			responseType: 'text' as const,
		};
		const started = await sb.demo.post(
			'/Authenticate/EId/M30011/Initiate',
			`<InitiateData><SocialNumber>${socialNumber}</SocialNumber></InitiateData>`,
			xml,
		);
		expect(started.status).toBe(200);
		expect(started.data).toMatch(/^<InitateResponse[ >]/);
		const { reference } = parseXml(started.data) as { reference: string };
		expect(sb.handle.store.eidLogins.get(reference)?.socialNumber).toBe(socialNumber);
		const status = await sb.demo.get(`/Authenticate/EId/M30011/Status/${reference}`, xml);
		expect(status.data).toMatch(/^<StatusResponse[ >]/);
		expect(parseXml(status.data)).toEqual({
			status: 'pending',
			hintCode: 'outstandingTransaction',
			user: null,
			jwtUser: null,
		});
	});

	it('forgets logins on reset', async () => {
		await initiate('M30011', withCheckDigit('19850312123'));
		expect(sb.handle.store.eidLogins.size).toBe(1);
		await sb.control.post('/reset');
		expect(sb.handle.store.eidLogins.size).toBe(0);
	});
});
