import { defineResource } from '../../../shared/descriptions';
import { getTrademarks } from './getTrademarks';
import { getUsers } from './getUsers';

export const directoryResource = defineResource(
	'Directory',
	'Users and trademarks of the office or group',
	[getUsers, getTrademarks],
	'getUsers',
);
