import type { ResourceDefinition } from '../../../shared/descriptions';
import { getLiveDataCommissionReport } from './getCommissionReport';
import { getLiveDataReport } from './getReport';

export const liveDataResource: ResourceDefinition = {
	name: 'Live Data',
	value: 'liveData',
	description: "Agents' activity and commission as it happens",
	operations: [getLiveDataReport, getLiveDataCommissionReport],
	defaultOperation: 'getReport',
};
