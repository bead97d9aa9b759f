import { defineResource } from '../../../shared/descriptions';
import { cancelElectronicId } from './cancel';
import { getElectronicIdStatus } from './getStatus';
import { initiateElectronicId } from './initiate';

export const electronicIdResource = defineResource(
	'Electronic ID',
	'Logins with an electronic ID such as BankID',
	[initiateElectronicId, getElectronicIdStatus, cancelElectronicId],
	'initiate',
);
