import { defineResource } from '../../../shared/descriptions';
import { createLoanPromise } from './createLoanPromise';
import { getBuyerEconomy } from './getEconomy';

export const buyerResource = defineResource(
	'Buyer',
	'Economy and loan promises of prospective buyers',
	[getBuyerEconomy, createLoanPromise],
	'getEconomy',
);
