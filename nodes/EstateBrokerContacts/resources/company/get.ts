import { contactTypeGet } from '../../helpers/contactTypeGet';

export const getCompany = contactTypeGet({
	resource: 'company',
	segment: 'Company',
	label: 'Company',
});
