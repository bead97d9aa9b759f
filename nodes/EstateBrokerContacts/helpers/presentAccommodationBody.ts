import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { isBlank, oneOf, refuse } from '../../shared/checks';
import { withoutBlankText } from './contactBody';

/** CrmPresentAccomodation's estateType choices (docs/spec/models.md), by value. */
export const ESTATE_TYPES = [
	'House',
	'RowHouse',
	'HousingCooperative',
	'Cottage',
	'Plot',
	'AgricultureProperty',
	'Tenancy',
	'OtherHousing',
	'CommercialProperty',
	'Condominium',
] as const;

/** Housing types of earlier versions that are an estate type under another name. */
const EARLIER_HOUSING_TYPES: Record<string, (typeof ESTATE_TYPES)[number]> = { Rental: 'Tenancy', Farm: 'AgricultureProperty', Other: 'OtherHousing' };

/** Fields of the record as the form labels them, for the message that names what to use instead. */
export const PRESENT_ACCOMMODATION_FIELDS = 'Housing Type, Has Been Asked, Living Space, Number of Rooms, Price, Other Information, Coordinate';

/** Additional Fields of earlier versions the record does not have (parameter name: label). */
export const RETIRED_FIELDS: Record<string, string> = {
	address: 'Address',
	userId: 'Agent',
	monthlyFee: 'Monthly Fee',
	plansToSell: 'Plans to Sell',
	sellWithinMonths: 'Sell Within Months',
	soldEstateId: 'Sold Estate ID',
	tenure: 'Tenure',
};

/**
 * The body of a present-accommodation write in the record's shape: the housing type as one of
 * its estate types (earlier names mapped), blank text left out. A saved workflow that holds a
 * field the record lacks is refused by that field's name, with the record's fields.
 */
export const presentAccommodationBody = async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const retired = Object.keys(RETIRED_FIELDS).filter((name) => name in additional && !isBlank(additional[name]) && !isEmptyCollection(additional[name]));
	if (retired.length) {
		throw refuse(
			this,
			`Present accommodation has no ${retired.map((name) => RETIRED_FIELDS[name]).join(', ')}`,
			`The service's record holds: ${PRESENT_ACCOMMODATION_FIELDS}. Remove the others from Additional Fields; a form of ownership or plans to sell can go in Other Information.`,
		);
	}
	const body = withoutBlankText((request.body ?? {}) as IDataObject);
	const given = String(body.estateType ?? '').trim();
	body.estateType = EARLIER_HOUSING_TYPES[given] ?? oneOf(this, given, 'Housing Type', ESTATE_TYPES);
	return { ...request, body };
};

function isEmptyCollection(value: unknown): boolean {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((inner) => isEmptyCollection(inner) || isBlank(inner));
}
