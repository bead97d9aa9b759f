import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { isBlank, oneOf, inputError, wholeNumber } from '../../shared/rules';
import { withoutBlankText } from '../../shared/steps';

/** Request_EstateType (docs/spec/models-2026.json): the estate types a present accommodation is written with. */
export const ESTATE_TYPES = ['None', 'House', 'RowHouse', 'HousingCooperative', 'Cottage', 'Plot', 'Farm', 'Tenancy', 'OtherHousing'] as const;

/** The node version from which Housing Type offers only these, and defaults to a housing cooperative. */
export const WRITTEN_ESTATE_TYPES_FROM = 1.2;

/**
 * Housing types of earlier versions that are a written estate type under another name: the
 * record read back calls a farm AgricultureProperty (Models_EstateType), and earlier versions
 * offered Rental, Farm and Other.
 */
const EARLIER_HOUSING_TYPES: Record<string, (typeof ESTATE_TYPES)[number]> = { AgricultureProperty: 'Farm', Rental: 'Tenancy', Other: 'OtherHousing' };

/** Housing types of earlier versions the write does not take, and what to choose instead. */
const UNWRITABLE_HOUSING_TYPES: Record<string, string> = {
	Condominium: 'a tenant-owned apartment (bostadsrätt) is Housing Cooperative; an owner-occupied one (ägarlägenhet) may be Other Housing',
	CommercialProperty: 'a home in commercial premises may be Other Housing',
};

/** Fields of the record as the form labels them, for the message that names what to use instead. */
export const PRESENT_ACCOMMODATION_FIELDS = 'Housing Type, Living Space, Number of Rooms, Price, Monthly Cost, Moved In, Other Information, Coordinate';

/** Additional Fields of earlier versions the record does not have (parameter name: label). */
export const RETIRED_FIELDS: Record<string, string> = {
	address: 'Address',
	userId: 'Agent',
	plansToSell: 'Plans to Sell',
	sellWithinMonths: 'Sell Within Months',
	soldEstateId: 'Sold Estate ID',
	tenure: 'Tenure',
};

/**
 * The body of a present-accommodation write (Request_CrmPresentAccomodation): the housing type
 * as one of the write's estate types (earlier names mapped, Condominium and Commercial Property
 * refused with the choices), the monthly cost in whole kronor (a saved Monthly Fee is that
 * cost), blank text left out. A saved workflow that holds a field the record lacks is refused
 * by that field's name, with the record's fields; a saved Has Been Asked that is on says what
 * the write records anyway and is left out, off cannot be written.
 */
export const presentAccommodationBody = async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const retired = Object.keys(RETIRED_FIELDS).filter((name) => name in additional && !isBlank(additional[name]) && !isEmptyCollection(additional[name]));
	if (retired.length) {
		throw inputError(
			this,
			`Present accommodation has no ${retired.map((name) => RETIRED_FIELDS[name]).join(', ')}`,
			`The service's record holds: ${PRESENT_ACCOMMODATION_FIELDS}. Remove the others from Additional Fields; a form of ownership or plans to sell can go in Other Information.`,
		);
	}
	if (additional.hasBeenAsked === false) {
		throw inputError(
			this,
			'Has Been Asked (Retired) cannot be off: writing a present accommodation records what the contact answered',
			'Remove Has Been Asked (Retired) from Additional Fields; the service marks the contact as asked when the accommodation is written.',
		);
	}
	const body = withoutBlankText((request.body ?? {}) as IDataObject);
	const given = String(body.estateType ?? '').trim();
	const unwritable = Object.keys(UNWRITABLE_HOUSING_TYPES).find((name) => name.toLowerCase() === given.toLowerCase());
	if (unwritable) {
		throw inputError(
			this,
			`Housing Type ${unwritable} cannot be written as present accommodation`,
			`Choose one of: ${ESTATE_TYPES.join(', ')} (${UNWRITABLE_HOUSING_TYPES[unwritable]}). The service reads ${unwritable} back but does not take it in a write.`,
		);
	}
	const earlier = Object.keys(EARLIER_HOUSING_TYPES).find((name) => name.toLowerCase() === given.toLowerCase());
	body.estateType = earlier ? EARLIER_HOUSING_TYPES[earlier] : oneOf(this, given, 'Housing Type', ESTATE_TYPES);
	// Named by the field it came from: Monthly Cost, else a saved Monthly Fee.
	const [monthly, label] = isBlank(additional.monthlyCost) ? [additional.monthlyFee, 'Monthly Fee (Sent as Monthly Cost)'] : [additional.monthlyCost, 'Monthly Cost'];
	delete body.monthlyCost;
	if (!isBlank(monthly)) body.monthlyCost = wholeNumber(this, monthly, label, { min: 0, rule: 'a whole number of kronor, 0 or more' });
	return { ...request, body };
};

function isEmptyCollection(value: unknown): boolean {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((inner) => isEmptyCollection(inner) || isBlank(inner));
}
