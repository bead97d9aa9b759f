import type { ResourceDefinition } from '../../../shared/descriptions';
import { getTrademarks } from './getTrademarks';
import { getUsers } from './getUsers';

export const directoryResource: ResourceDefinition = {
	name: 'Directory',
	value: 'directory',
	description: 'Users and trademarks of the office or group',
	operations: [getUsers, getTrademarks],
	defaultOperation: 'getUsers',
};
