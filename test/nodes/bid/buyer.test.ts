import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { bidFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerBid');

describe('Estate Broker CRM Bid: buyers', () => {
	const sandbox = useSandbox();
	const run = async (parameters: Record<string, unknown>, input?: IDataObject[]) =>
		await runNode({
			nodeType,
			parameters: { resource: 'buyer', ...parameters } as never,
			credentials: sandbox.credentials(),
			input,
		});

	test('Get Economy reads the bank and insurance details of a buyer for a property', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { items, error } = await run({ operation: 'getEconomy', contactId, estateId });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: `/CRM/Buyer/M30011/${contactId}/Estate/${estateId}/Economy`,
			status: 200,
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			bank: {
				name: expect.any(String),
				clearingNumber: expect.any(String),
				accountNumber: expect.any(String),
			},
			insuranceCompany: { name: expect.any(String) },
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Get Economy encodes ids so they cannot change the endpoint', async () => {
		const { estateId } = bidFixtures(sandbox.handle.store);
		const { error } = await run({ operation: 'getEconomy', contactId: '../Bids', estateId });
		expect(error?.message).toBe('The service found no such record');
		expect((await sandbox.requests())[0].path).toBe(
			`/CRM/Buyer/M30011/..%2FBids/Estate/${estateId}/Economy`,
		);
	});

	test('Create Loan Promise sends the promise and returns its new id; the economy then shows it', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { items, error } = await run({
			operation: 'createLoanPromise',
			contactId,
			bank: 'Nordbanken',
			estateId: { __rl: true, mode: 'id', value: estateId },
			additionalFields: {
				validUntil: '2026-06-30T00:00:00Z',
				estateType: 'House',
				status: 'PreApprovalVerifiedByBank',
				financing: 'Bank',
			},
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/CRM/Buyer/M30011/${contactId}/LoanPromise`,
			status: 200,
		});
		// Buyer_LoanPromise (models-2026.json).
		const promise = {
			bank: 'Nordbanken',
			estateId,
			validUntil: '2026-06-30T00:00:00.000Z',
			estateType: 'House',
			status: 'PreApprovalVerifiedByBank',
			financing: 'Bank',
		};
		expect(request.body).toEqual(promise);
		expect(items).toHaveLength(1);
		const { loanPromiseId } = items[0].json;
		expect(items[0].json).toEqual({ loanPromiseId: expect.stringMatching(/^LP/), contactId });

		expect(sandbox.handle.store.loanPromises.get(String(loanPromiseId))).toMatchObject(promise);
	});

	test('Create Loan Promise for several buyers gives one paired item each', async () => {
		const { contactId, visibleBid } = bidFixtures(sandbox.handle.store);
		const { items } = await run(
			{
				operation: 'createLoanPromise',
				contactId: '={{ $json.buyer }}',
				bank: '={{ $json.bank }}',
			},
			[
				{ buyer: contactId, bank: 'Nordbanken' },
				{ buyer: visibleBid.contactId, bank: 'Handelsbanken' },
			],
		);
		expect(items.map((item) => [item.json.contactId, item.pairedItem])).toEqual([
			[contactId, { item: 0 }],
			[visibleBid.contactId, { item: 1 }],
		]);
		const bodies = (await sandbox.requests()).map((request) => request.body);
		expect(bodies).toEqual(
			expect.arrayContaining([{ bank: 'Nordbanken' }, { bank: 'Handelsbanken' }]),
		);
	});
});
