import { defineResource } from '../../../shared/descriptions';
import { getRunningCommissions } from './getAll';

export const runningCommissionResource = defineResource(
	'Running Commission',
	'Commission of recently signed deals, settled or still to be invoiced',
	[getRunningCommissions],
);
