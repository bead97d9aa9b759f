import { defineResource } from '../../../shared/descriptions';
import { createAppointment } from './create';

export const appointmentResource = defineResource(
	'Appointment',
	"Calendar events in an agent's calendar",
	[createAppointment],
);
