import { actionNode } from '../shared/descriptions';
import { condominiumResource } from './resources/condominium';
import { cottageResource } from './resources/cottage';
import { declarationResource } from './resources/declaration';
import { estateResource } from './resources/estate';
import { projectResource } from './resources/project';

export class EstateBrokerEstates extends actionNode({
	displayName: 'Estate Broker Estates',
	name: 'estateBrokerEstates',
	icon: { light: 'file:estateBrokerEstates.svg', dark: 'file:estateBrokerEstates.dark.svg' },
	description:
		'Read published estates and projects, create and update condominiums and cottages for sale, and attach declarations to properties in the brokerage system',
	resources: [
		condominiumResource,
		cottageResource,
		declarationResource,
		estateResource,
		projectResource,
	],
}) {}
