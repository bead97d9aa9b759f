import { actionNode } from '../shared/descriptions';
import { agentResource } from './resources/agent';
import { appointmentResource } from './resources/appointment';
import { areaResource } from './resources/area';
import { electronicIdResource } from './resources/electronicId';
import { focusAreaResource } from './resources/focusArea';
import { officeResource } from './resources/office';
import { officeGroupResource } from './resources/officeGroup';
import { publishedAreaResource } from './resources/publishedArea';

export class EstateBrokerOffice extends actionNode({
	displayName: 'Estate Broker Office',
	name: 'estateBrokerOffice',
	icon: { light: 'file:estateBrokerOffice.svg', dark: 'file:estateBrokerOffice.dark.svg' },
	description:
		"Book appointments in agents' calendars, read areas and focus areas, read the agents, offices, published areas and office groups the office publishes, and log people in with an electronic ID, in the brokerage system",
	resources: [
		appointmentResource,
		areaResource,
		focusAreaResource,
		electronicIdResource,
		agentResource,
		officeResource,
		publishedAreaResource,
		officeGroupResource,
	],
}) {}
