import type { ResourceDefinition } from '../../../shared/descriptions';
import { createLoanPromise } from './createLoanPromise';
import { getBuyerEconomy } from './getEconomy';

export const buyerResource: ResourceDefinition = {
	name: 'Buyer',
	value: 'buyer',
	description: 'Economy and loan promises of prospective buyers',
	operations: [getBuyerEconomy, createLoanPromise],
	defaultOperation: 'getEconomy',
};
