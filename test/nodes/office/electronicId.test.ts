import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { officeFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerOffice');

/** Swedish personal-number check digit (Luhn over the nine digits after the century), computed here independently. */
function withCheckDigit(elevenDigits: string): string {
	const sum = [...elevenDigits.slice(2)].reduce((total, digit, index) => {
		const product = Number(digit) * (index % 2 === 0 ? 2 : 1);
		return total + Math.floor(product / 10) + (product % 10);
	}, 0);
	return `${elevenDigits}${(10 - (sum % 10)) % 10}`;
}

const payloadOf = (token: string) =>
	JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as IDataObject;

describe('Estate Broker Office: electronic-ID login', () => {
	const sandbox = useSandbox();
	const run = async (parameters: IDataObject, input?: IDataObject[]) =>
		await runNode({
			nodeType,
			parameters: { resource: 'electronicId', ...parameters } as never,
			credentials: sandbox.credentials(),
			input,
		});
	const initiate = async (socialNumber: string, extra: IDataObject = {}) => {
		const { items, error } = await run({ operation: 'initiate', socialNumber, ...extra });
		expect(error).toBeUndefined();
		return String(items[0].json.reference);
	};
	/** Get Status fed with the previous item, as a Wait-and-loop flow does (Reference defaults to {{ $json.reference }}). */
	const poll = async (previous: IDataObject, extra: IDataObject = {}) =>
		await run({ operation: 'getStatus', ...extra }, [previous]);

	test('Initiate sends the number as 12 digits (the hyphen removed) and returns the login reference', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const { items, error } = await run({
			operation: 'initiate',
			socialNumber: ` ${person.socialSecurityNumber} `,
		});
		expect(error).toBeUndefined();
		const digits = person.socialSecurityNumber.replace('-', '');
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/Authenticate/EId/M30011/Initiate',
			status: 200,
		});
		expect(request.body).toEqual({ socialNumber: digits });
		const logins = [...sandbox.handle.store.eidLogins.values()];
		expect(logins).toHaveLength(1);
		expect(logins[0]).toMatchObject({ customerId: 'M30011', socialNumber: digits });
		expect(items).toEqual([{ json: { reference: logins[0].reference }, pairedItem: { item: 0 } }]);
	});

	test('Get Status walks from pending to complete, with the person and their token, each item keeping the reference', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const reference = await initiate(person.socialSecurityNumber);
		await sandbox.clearRequests();
		const first = await poll({ reference });
		expect(first.items.map((item) => item.json)).toEqual([
			{
				reference,
				status: 'pending',
				hintCode: 'outstandingTransaction',
				user: null,
				jwtUser: null,
			},
		]);
		const second = await poll(first.items[0].json);
		expect(second.items[0].json).toEqual({
			reference,
			status: 'pending',
			hintCode: 'userSign',
			user: null,
			jwtUser: null,
		});
		const third = await poll(second.items[0].json);
		const digits = person.socialSecurityNumber.replace('-', '');
		expect(third.items[0].json).toEqual({
			reference,
			status: 'complete',
			hintCode: null,
			user: {
				socialNumber: digits,
				name: `${person.firstName} ${person.lastName}`,
				givenName: person.firstName,
				surname: person.lastName,
			},
			jwtUser: expect.any(String),
		});
		expect(payloadOf(String(third.items[0].json.jwtUser))).toMatchObject({
			sub: digits,
			aud: 'M30011',
			given_name: person.firstName,
		});
		const requests = await sandbox.requests();
		expect(requests.map((request) => [request.method, request.path, request.status])).toEqual(
			Array.from({ length: 3 }, () => ['GET', `/Authenticate/EId/M30011/Status/${reference}`, 200]),
		);
		expect(sandbox.handle.store.eidLogins.get(reference)?.completedAt).not.toBeNull();
	});

	test('Cancel stops a pending login: the item says so and the next status is failed', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const reference = await initiate(person.socialSecurityNumber);
		await poll({ reference });
		await sandbox.clearRequests();
		const { items, error } = await run({ operation: 'cancel', reference: '={{ $json.ref }}' }, [
			{ ref: reference },
		]);
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'DELETE',
			path: `/Authenticate/EId/M30011/${reference}`,
			status: 204,
		});
		expect(request.body ?? null).toBeNull();
		expect(items).toEqual([{ json: { cancelled: true, reference }, pairedItem: { item: 0 } }]);
		expect(sandbox.handle.store.eidLogins.get(reference)?.cancelled).toBe(true);
		const after = await poll({ reference });
		expect(after.items[0].json).toEqual({
			reference,
			status: 'failed',
			hintCode: 'userCancel',
			user: null,
			jwtUser: null,
		});
	});

	test('Cancel of a completed login is refused by the service with its reason', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const reference = await initiate(person.socialSecurityNumber);
		for (let attempt = 0; attempt < 3; attempt++) await poll({ reference });
		const { error } = await run({ operation: 'cancel', reference });
		expect(error?.message).toMatch(
			/^The service rejected the request as invalid: referense: .*already complete/,
		);
		expect(sandbox.handle.store.eidLogins.get(reference)?.cancelled).toBe(false);
	});

	test('A login started for one office cannot be read through another (403), and the login does not move', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const reference = await initiate(person.socialSecurityNumber, { customerId: 'M30012' });
		const { error } = await poll({ reference });
		expect(error?.message).toBe('The credential has no access to this customer or record');
		expect((await sandbox.requests()).at(-1)).toMatchObject({
			path: `/Authenticate/EId/M30011/Status/${reference}`,
			status: 403,
		});
		expect(sandbox.handle.store.eidLogins.get(reference)?.polls).toBe(0);
	});

	test('An unknown reference is not found; its path segment is encoded', async () => {
		const { error } = await poll({ reference: '../Initiate' });
		expect(error?.message).toBe('The service found no such record');
		expect((await sandbox.requests())[0]).toMatchObject({
			method: 'GET',
			path: '/Authenticate/EId/M30011/Status/..%2FInitiate',
			status: 404,
		});
	});

	test('Initiate and Get Status in XML give the same items', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const reference = await initiate(person.socialSecurityNumber, { messageFormat: 'xml' });
		const [request] = await sandbox.requests();
		expect(request.contentType).toContain('application/xml');
		expect(request.body).toEqual({ socialNumber: person.socialSecurityNumber.replace('-', '') });
		expect(sandbox.handle.store.eidLogins.has(reference)).toBe(true);
		const { items } = await poll({ reference }, { messageFormat: 'xml' });
		expect(items[0].json).toEqual({
			reference,
			status: 'pending',
			hintCode: 'outstandingTransaction',
			user: null,
			jwtUser: null,
		});
	});

	test.each([
		['an empty number from the input', '={{ $json.missing ?? "" }}', 'Personal Number is required'],
		[
			'the 10-digit form',
			'800101-1234',
			'Personal Number must have 12 digits (YYYYMMDDNNNN); got "800101-1234"',
		],
		[
			'letters',
			'19800101-12AB',
			'Personal Number must have 12 digits (YYYYMMDDNNNN); got "19800101-12AB"',
		],
		[
			'a wrong check digit',
			`${withCheckDigit('19800101123').slice(0, 11)}${(Number(withCheckDigit('19800101123')[11]) + 1) % 10}`,
			'Personal Number has a wrong check digit',
		],
	])('Initiate refuses %s before sending anything', async (_case, socialNumber, message) => {
		const { error } = await run({ operation: 'initiate', socialNumber });
		expect(error?.message).toBe(message);
		expect(await sandbox.requests()).toHaveLength(0);
		expect(sandbox.handle.store.eidLogins.size).toBe(0);
	});

	test('Initiate accepts a number nobody in the register has, when its check digit is right', async () => {
		const socialNumber = withCheckDigit('19900315123');
		const reference = await initiate(`${socialNumber.slice(0, 8)} ${socialNumber.slice(8)}`);
		expect(sandbox.handle.store.eidLogins.get(reference)?.socialNumber).toBe(socialNumber);
	});
});
