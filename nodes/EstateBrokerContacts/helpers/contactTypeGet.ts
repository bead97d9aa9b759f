import {
	contactIdField,
	defineOperation,
	type OperationDescription,
} from '../../shared/descriptions';
import { idListCalls } from '../../shared/engine';
import { simplify, simplifyField } from './simplify';

/** A contact type as a resource: its stored value, its segment in the service's paths, its label. */
export interface ContactTypeResource {
	resource: string;
	segment: 'Person' | 'Company' | 'DeceasedEstate';
	label: 'Person' | 'Company' | 'Deceased Estate';
}

/**
 * Get of one contact type by contact ID: the items' ids gathered into calls of up to 20
 * (`/CRM/Contact/{customerId}/<segment>`; one id alone: `…/<segment>/{contactId}`), Simplify
 * on request.
 */
export function contactTypeGet({
	resource,
	segment,
	label,
}: ContactTypeResource): OperationDescription {
	const noun = label.toLowerCase();
	return defineOperation({
		resource,
		value: 'get',
		name: 'Get',
		action: `Get a ${noun} by contact ID`,
		description: `Get one ${noun} by contact ID`,
		request: {
			method: 'GET',
			path: `/CRM/Contact/{customerId}/${segment}`,
			pagination: idListCalls({ parameter: 'contactId', label, single: true }),
			postReceive: [simplify],
		},
		fields: [contactIdField(`The ${noun} to read`, label), simplifyField],
	});
}
