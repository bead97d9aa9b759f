import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { isBlank, oneOf, inputError, wholeNumber } from '../../shared/rules';
import { withoutBlankText } from '../../shared/steps';

/** Request_EstateType (docs/spec/models-2026.json): the estate types a present accommodation is written with. */
export const ESTATE_TYPES = [
	'None',
	'House',
	'RowHouse',
	'HousingCooperative',
	'Cottage',
	'Plot',
	'Farm',
	'Tenancy',
	'OtherHousing',
] as const;

/** The type the record reads back for a farm (Models_EstateType), written as Farm. */
const READ_NAMES: Record<string, (typeof ESTATE_TYPES)[number]> = { AgricultureProperty: 'Farm' };

/** Housing types the service reads back but does not take in a write, and what to choose instead. */
const UNWRITABLE_HOUSING_TYPES: Record<string, string> = {
	Condominium:
		'a tenant-owned apartment (bostadsrätt) is Housing Cooperative; an owner-occupied one (ägarlägenhet) may be Other Housing',
	CommercialProperty: 'a home in commercial premises may be Other Housing',
};

/**
 * The body of a present-accommodation write (Request_CrmPresentAccomodation): the housing type
 * as one of the write's estate types (a farm's read-back name written as Farm; Condominium and
 * Commercial Property, which the service reads back, refused with the choices), the monthly
 * cost in whole kronor, blank text left out.
 */
export const presentAccommodationBody = async function (
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const body = withoutBlankText((request.body ?? {}) as IDataObject);
	const given = String(body.estateType ?? '').trim();
	const unwritable = Object.keys(UNWRITABLE_HOUSING_TYPES).find(
		(name) => name.toLowerCase() === given.toLowerCase(),
	);
	if (unwritable) {
		throw inputError(
			this,
			`Housing Type ${unwritable} cannot be written as present accommodation`,
			`Choose one of: ${ESTATE_TYPES.join(', ')} (${UNWRITABLE_HOUSING_TYPES[unwritable]}). The service reads ${unwritable} back but does not take it in a write.`,
		);
	}
	const readName = Object.keys(READ_NAMES).find(
		(name) => name.toLowerCase() === given.toLowerCase(),
	);
	body.estateType = readName
		? READ_NAMES[readName]
		: oneOf(this, given, 'Housing Type', ESTATE_TYPES);
	delete body.monthlyCost;
	if (!isBlank(additional.monthlyCost))
		body.monthlyCost = wholeNumber(this, additional.monthlyCost, 'Monthly Cost', {
			min: 0,
			rule: 'a whole number of kronor, 0 or more',
		});
	return { ...request, body };
};
