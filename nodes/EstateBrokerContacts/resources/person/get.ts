import { contactTypeGet } from '../../helpers/contactTypeGet';

export const getPerson = contactTypeGet({ resource: 'person', segment: 'Person', label: 'Person' });
