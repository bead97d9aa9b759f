import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { optionSubtitle } from '../../shared/descriptions';

export interface TriggerArea {
	/** The action node's type name: n8n's node panel lists a trigger named `<it>Trigger` under that node. */
	actionNode: string;
	/** The action node's display name, e.g. "Estate Broker Contacts". */
	actionDisplayName: string;
	/** The events (stored values of Event) that concern the area, the first preselected. */
	events: string[];
	/** What the trigger is for, as the node panel says it: "Starts a workflow when ...". */
	purpose: string;
}

/**
 * The trigger as one area's panel offers it: the same polling, fields and stored event values,
 * with only the area's events to choose from. n8n's node panel shows a trigger's events beside
 * an action node's operations when the trigger's type name is the action node's with "Trigger"
 * added (as hubspot and hubspotTrigger); one trigger can stand beside one node only.
 */
export function areaTriggerDescription(
	base: INodeTypeDescription,
	area: TriggerArea,
): INodeTypeDescription {
	const properties = base.properties.map((property) => {
		if (property.name !== 'event') return property;
		const options = (property.options as INodePropertyOptions[]).filter((option) =>
			area.events.includes(String(option.value)),
		);
		return { ...property, options, default: area.events[0] };
	});
	const event = properties.find((property) => property.name === 'event')!;
	return {
		...base,
		displayName: `${area.actionDisplayName} Trigger`,
		// Each area trigger's directory holds its copy of the trigger's icons, named after it.
		icon: {
			light: `file:${area.actionNode}Trigger.svg`,
			dark: `file:${area.actionNode}Trigger.dark.svg`,
		},
		name: `${area.actionNode}Trigger`,
		defaults: { name: `${area.actionDisplayName} Trigger` },
		subtitle: optionSubtitle('event', event.options as INodePropertyOptions[]),
		description: area.purpose,
		properties,
	};
}
