import type { ResourceDefinition } from '../../../shared/descriptions';
import { cancelElectronicId } from './cancel';
import { getElectronicIdStatus } from './getStatus';
import { initiateElectronicId } from './initiate';

export const electronicIdResource: ResourceDefinition = {
	name: 'Electronic ID',
	value: 'electronicId',
	description: 'Logins with an electronic ID such as BankID',
	operations: [initiateElectronicId, getElectronicIdStatus, cancelElectronicId],
	defaultOperation: 'initiate',
};
