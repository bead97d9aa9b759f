import type { ResourceDefinition } from '../../../shared/descriptions';
import { getRunningCommissions } from './getAll';

export const runningCommissionResource: ResourceDefinition = {
	name: 'Running Commission',
	value: 'runningCommission',
	description: 'Commission of recently signed deals, settled or still to be invoiced',
	operations: [getRunningCommissions],
};
