import {
	RECURRENCE_PATTERNS,
	WEEK_DAYS,
	createAppointment,
	type AppointmentBody,
} from '../domain/appointments';
import { XML, send } from '../http/negotiation';
import { modelRoute } from '../http/models';
import { DATE_TIME_FORMAT } from '../http/validation';
import { CUSTOMER_IN_PATH, pathParams, type RouteModule } from './common';

/** Optional fields accept null, as JSON clients often send it for "not set". */
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({
	type: [type, 'null'],
	...extra,
});

/** The model of docs/spec/models.json with the interface's rules (a subject and a start; bounds of the recurrence). */
const APPOINTMENT = modelRoute('POST', '/Appointment/{customerId}/{id}', {
	required: ['subject', 'startsAt'],
	properties: {
		subject: { minLength: 1, maxLength: 255 },
		endsAt: nullable('string', { format: DATE_TIME_FORMAT }),
		recurrencePattern: nullable('string', { enum: [...RECURRENCE_PATTERNS, null] }),
		recurrenceDayOfWeeks: nullable('array', { items: { type: 'string', enum: [...WEEK_DAYS] } }),
		recurrenceInterval: nullable('integer', { minimum: 1, maximum: 99 }),
		recurrenceMonth: nullable('integer', { minimum: 1, maximum: 12 }),
		recurrenceDay: nullable('integer', { minimum: 1, maximum: 31 }),
	},
});

/** 4.1 POST /Appointment/{customerId}/{id}: a calendar event for user {id}; answers its id. */
export const appointmentRoutes: RouteModule = {
	area: '4.1 Appointment',
	register(app, store) {
		app.post<{ Params: { customerId: string; id: string }; Body: AppointmentBody }>(
			'/Appointment/:customerId/:id',
			{
				config: { customer: CUSTOMER_IN_PATH, model: APPOINTMENT.model },
				schema: { params: pathParams('customerId', 'id'), body: APPOINTMENT.schema },
			},
			async (request, reply) =>
				send(
					request,
					reply,
					createAppointment(store, request.params.customerId, request.params.id, request.body).id,
					XML.string,
				),
		);
	},
};
