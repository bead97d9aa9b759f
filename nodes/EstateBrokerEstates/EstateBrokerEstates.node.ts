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
import { condominiumResource } from './resources/condominium';
import { cottageResource } from './resources/cottage';
import { declarationResource } from './resources/declaration';
import { estateResource } from './resources/estate';
import { projectResource } from './resources/project';

const RESOURCES = [
	condominiumResource,
	cottageResource,
	declarationResource,
	estateResource,
	projectResource,
];

export class EstateBrokerEstates implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Estate Broker Estates',
		name: 'estateBrokerEstates',
		icon: { light: 'file:estateBrokerEstates.svg', dark: 'file:estateBrokerEstates.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle(RESOURCES),
		description:
			'Read published estates and projects, create and update condominiums and cottages for sale, and attach declarations to properties in the brokerage system',
		defaults: { name: 'Estate Broker Estates' },
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
