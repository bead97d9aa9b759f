import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode } from '../shared/descriptions';
import { agentResource } from './resources/agent';
import { appointmentResource } from './resources/appointment';
import { areaResource } from './resources/area';
import { electronicIdResource } from './resources/electronicId';
import { focusAreaResource } from './resources/focusArea';
import { officeResource } from './resources/office';
import { officeGroupResource } from './resources/officeGroup';
import { publishedAreaResource } from './resources/publishedArea';

export class EstateBrokerOffice implements INodeType {
	/** Built for each node n8n makes: its loader changes a description's properties in place. */
	private readonly shared = actionNode([
		appointmentResource,
		areaResource,
		focusAreaResource,
		electronicIdResource,
		agentResource,
		officeResource,
		publishedAreaResource,
		officeGroupResource,
	]);

	description: INodeTypeDescription = {
		displayName: 'Estate Broker Office',
		name: 'estateBrokerOffice',
		icon: { light: 'file:estateBrokerOffice.svg', dark: 'file:estateBrokerOffice.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: this.shared.subtitle,
		description:
			"Book appointments in agents' calendars, read areas and focus areas, read the agents, offices, published areas and office groups the office publishes, and log people in with an electronic ID, in the brokerage system",
		defaults: { name: 'Estate Broker Office' },
		usableAsTool: true,
		...this.shared.description,
	};

	methods = this.shared.methods;

	customOperations = this.shared.customOperations;
}
