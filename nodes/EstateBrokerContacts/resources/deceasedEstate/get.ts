import { contactTypeGet } from '../../helpers/contactTypeGet';

export const getDeceasedEstate = contactTypeGet({
	resource: 'deceasedEstate',
	segment: 'DeceasedEstate',
	label: 'Deceased Estate',
});
