import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode } from '../shared/descriptions';
import { condominiumResource } from './resources/condominium';
import { cottageResource } from './resources/cottage';
import { declarationResource } from './resources/declaration';
import { estateResource } from './resources/estate';
import { projectResource } from './resources/project';

export class EstateBrokerEstates implements INodeType {
	/** Built for each node n8n makes: its loader changes a description's properties in place. */
	private readonly shared = actionNode([
		condominiumResource,
		cottageResource,
		declarationResource,
		estateResource,
		projectResource,
	]);

	description: INodeTypeDescription = {
		displayName: 'Estate Broker Estates',
		name: 'estateBrokerEstates',
		icon: { light: 'file:estateBrokerEstates.svg', dark: 'file:estateBrokerEstates.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: this.shared.subtitle,
		description:
			'Read published estates and projects, create and update condominiums and cottages for sale, and attach declarations to properties in the brokerage system',
		defaults: { name: 'Estate Broker Estates' },
		usableAsTool: true,
		...this.shared.description,
	};

	methods = this.shared.methods;

	customOperations = this.shared.customOperations;
}
