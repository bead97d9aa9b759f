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

/** Runs `check` with the process in each of these zones (Node reads TZ again when it is set): nothing may depend on the machine's zone. */
export function inProcessZones(
	check: () => void,
	zones = ['UTC', 'Europe/Stockholm', 'America/Los_Angeles', 'America/New_York'],
) {
	const saved = process.env.TZ;
	try {
		for (const zone of zones) {
			process.env.TZ = zone;
			check();
		}
	} finally {
		if (saved === undefined) delete process.env.TZ;
		else process.env.TZ = saved;
	}
}
