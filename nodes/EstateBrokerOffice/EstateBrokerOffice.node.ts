import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	customerIdField,
	messageFormatField,
	nodeProperties,
	nodeSubtitle,
	requestOptionsField,
} from '../shared/descriptions';
import { listSearch } from '../shared/pickers';
import { BROKER_REQUEST_DEFAULTS } from '../shared/engine';
import { agentResource } from './resources/agent';
import { appointmentResource } from './resources/appointment';
import { areaResource } from './resources/area';
import { electronicIdResource } from './resources/electronicId';
import { focusAreaResource } from './resources/focusArea';
import { officeResource } from './resources/office';
import { officeGroupResource } from './resources/officeGroup';
import { publishedAreaResource } from './resources/publishedArea';

const RESOURCES = [
	appointmentResource,
	areaResource,
	focusAreaResource,
	electronicIdResource,
	agentResource,
	officeResource,
	publishedAreaResource,
	officeGroupResource,
];

export class EstateBrokerOffice implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Estate Broker Office',
		name: 'estateBrokerOffice',
		icon: { light: 'file:estateBrokerOffice.svg', dark: 'file:estateBrokerOffice.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle(RESOURCES),
		description:
			"Book appointments in agents' calendars, read areas and focus areas, read the agents, offices, published areas and office groups the office publishes, and log people in with an electronic ID, in the brokerage system",
		defaults: { name: 'Estate Broker Office' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'estateBrokerApi', required: true }],
		requestDefaults: BROKER_REQUEST_DEFAULTS,
		properties: [
			...nodeProperties(RESOURCES),
			customerIdField,
			messageFormatField,
			requestOptionsField,
		],
	};

	methods = { listSearch };
}
