import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { type OperationDescription, defineOperation } from '../../shared/descriptions';
import { recordPicker } from '../../shared/pickers';
import { pickedValue, TEXT_LIMITS } from '../../shared/rules';
import { cmsBody } from './cmsBody';
import { cmsFields, cmsGroups } from './cmsFields';

/** Condominiums and cottages are written the same way (4.4); this is what tells them apart. */
export interface CmsKind {
	resource: 'condominium' | 'cottage';
	label: 'Condominium' | 'Cottage';
	/** First path segment: /Condominium/{customerId}, /Cottage/{customerId}. */
	segment: string;
	/** Body schema, the XML root. */
	bodyRoot: 'CmsCondominium' | 'CmsCottage';
	/** Node parameter of the update's {id}, and the key of the id in the items. */
	idParameter: 'condominiumId' | 'cottageId';
	withPlot: boolean;
}

export const CONDOMINIUM: CmsKind = {
	resource: 'condominium',
	label: 'Condominium',
	segment: 'Condominium',
	bodyRoot: 'CmsCondominium',
	idParameter: 'condominiumId',
	withPlot: false,
};

export const COTTAGE: CmsKind = {
	resource: 'cottage',
	label: 'Cottage',
	segment: 'Cottage',
	bodyRoot: 'CmsCottage',
	idParameter: 'cottageId',
	withPlot: true,
};

/** The service's text limits with the labels the groups give them ("Address: City"). */
function cmsTextLimits(kind: CmsKind) {
	const labels = Object.fromEntries(
		cmsGroups(kind.withPlot).flatMap((group) =>
			group.fields.map((field) => [field.wire, `${group.displayName}: ${field.displayName}`]),
		),
	);
	return { textLimits: TEXT_LIMITS.cmsEstate, textLabels: labels };
}

/** POST /{Condominium|Cottage}/{customerId}: answers the new id, and there is no GET to read the record back. */
export function cmsCreateOperation(kind: CmsKind): OperationDescription {
	const what = kind.label.toLowerCase();
	return defineOperation({
		resource: kind.resource,
		value: 'create',
		name: 'Create',
		action: `Create a ${what}`,
		description: `Register a new ${what} for sale with its agent, address, rooms, price and selling texts. The item holds the new ${what}'s ID.`,
		request: {
			method: 'POST',
			path: `/${kind.segment}/{customerId}`,
			bodyRoot: kind.bodyRoot,
			preSend: [cmsBody('create', kind)],
			output: { kind: 'value', key: kind.idParameter },
		},
		...cmsTextLimits(kind),
		fields: cmsFields('create', kind.withPlot),
	});
}

/** PUT /{Condominium|Cottage}/{customerId}/{id}: 204; only the fields given are changed. */
export function cmsUpdateOperation(kind: CmsKind): OperationDescription {
	const what = kind.label.toLowerCase();
	return defineOperation({
		resource: kind.resource,
		value: 'update',
		name: 'Update',
		action: `Update a ${what}`,
		description: `Change a ${what}: only the fields you add are sent, everything else keeps its stored value. Lists you give (sellers, interests, room descriptions) replace the stored ones.`,
		request: {
			method: 'PUT',
			path: `/${kind.segment}/{customerId}/{${kind.idParameter}}`,
			pathLabels: { [kind.idParameter]: `${kind.label} ID` },
			bodyRoot: kind.bodyRoot,
			preSend: [cmsBody('update', kind)],
			output: {
				kind: 'acknowledge',
				item(this: IExecuteSingleFunctions) {
					return {
						[kind.idParameter]: String(
							pickedValue(this.getNodeParameter(kind.idParameter, '')),
						).trim(),
						updated: true,
					};
				},
			},
		},
		...cmsTextLimits(kind),
		fields: [
			recordPicker({
				displayName: kind.label,
				name: kind.idParameter,
				description: `The ${what} to change (the ID Create returned). The list shows the office's estates with their kind.`,
				searchListMethod: 'searchEstates',
				placeholder: 'OBJ40099_2041100042',
			}),
			...cmsFields('update', kind.withPlot),
		],
	});
}
