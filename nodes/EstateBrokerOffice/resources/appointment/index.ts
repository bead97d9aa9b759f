import type { ResourceDefinition } from '../../../shared/descriptions';
import { createAppointment } from './create';

export const appointmentResource: ResourceDefinition = {
	name: 'Appointment',
	value: 'appointment',
	description: "Calendar events in an agent's calendar",
	operations: [createAppointment],
};
