import { defineResource } from '../../../shared/descriptions';
import { getAgent } from './get';
import { getAllAgents } from './getAll';

export const agentResource = defineResource(
	'Agent',
	'Agents (users) the office shows on its website',
	[getAgent, getAllAgents],
);
