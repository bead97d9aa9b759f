import { defineResource } from '../../../shared/descriptions';
import { getLiveDataCommissionReport } from './getCommissionReport';
import { getLiveDataReport } from './getReport';

export const liveDataResource = defineResource(
	'Live Data',
	"Agents' activity and commission as it happens",
	[getLiveDataReport, getLiveDataCommissionReport],
	'getReport',
);
