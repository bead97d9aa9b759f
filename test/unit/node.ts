import type { INode } from 'n8n-workflow';

/** A node value for errors raised outside a run. */
export const testNode: INode = {
	id: 'unit',
	name: 'Estate Broker',
	type: 'n8n-nodes-estate-broker.estateBrokerContacts',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
