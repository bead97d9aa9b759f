import type { INode, NodeOperationError } from 'n8n-workflow';

/** A node value for errors raised outside a run. */
export const testNode: INode = {
	id: 'unit',
	name: 'Estate Broker',
	type: 'n8n-nodes-estate-broker.estateBrokerContacts',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** The error an action throws, for assertions on its message; fails the test when it throws none. */
export function errorOf(action: () => unknown): NodeOperationError {
	try {
		action();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('expected an error');
}
