import { forbidden, notFound, validationError, type FieldError } from '../errors';
import { swedishDate } from '../http/serviceTime';
import { assertDateRange } from '../http/validation';
import type { SandboxStore } from '../store/store';
import type { Agent, Appointment, RecurrencePattern, WeekDay } from '../store/types';

export const RECURRENCE_PATTERNS: readonly RecurrencePattern[] = [
	'Daily',
	'Weekly',
	'Monthly',
	'Yearly',
];
/** Index = Date.prototype.getUTCDay(). */
export const WEEK_DAYS: readonly WeekDay[] = [
	'Sunday',
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Appointment as sent (records.md fields). */
export interface AppointmentBody {
	subject: string;
	location?: string;
	startsAt: string;
	endsAt?: string | null;
	allDayEvent?: boolean;
	note?: string;
	recurrence?: boolean;
	recurrencePattern?: RecurrencePattern | null;
	recurrenceDayOfWeeks?: WeekDay[] | null;
	recurrenceInterval?: number | null;
	recurrenceMonth?: number | null;
	recurrenceDay?: number | null;
}

/** The agent an appointment is booked for: 404 unknown, 403 when it works for no office of the customer. */
export function requireAgent(store: SandboxStore, customerId: string, userId: string): Agent {
	const agent = store.agents.get(userId);
	if (!agent) throw notFound('User', userId);
	if (!agent.customerId.some((office) => store.inScope(office, customerId)))
		throw forbidden(`User ${userId} belongs to another customer.`);
	return agent;
}

/** The Swedish calendar date of the time (the service's calendar), at 00:00Z for its UTC getters. */
function localDate(value: string): Date {
	return new Date(`${swedishDate(value)}T00:00:00Z`);
}

const given = (value: unknown) =>
	value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/**
 * Rules beyond the schema: endsAt not before startsAt; recurrence details only with
 * recurrence true, a pattern then required, and each detail only with the pattern it
 * belongs to (days of week: Weekly; day: Monthly, Yearly; month: Yearly). All problems at once.
 */
function validateAppointment(body: AppointmentBody): void {
	assertDateRange(body.startsAt, body.endsAt ?? undefined, null, {
		from: 'startsAt',
		to: 'endsAt',
	});
	const errors: FieldError[] = [];
	const details = [
		'recurrencePattern',
		'recurrenceDayOfWeeks',
		'recurrenceInterval',
		'recurrenceMonth',
		'recurrenceDay',
	] as const;
	if (body.recurrence !== true) {
		for (const field of details)
			if (given(body[field]))
				errors.push({ field, message: 'is only allowed when recurrence is true' });
		if (errors.length) throw validationError(errors);
		return;
	}
	const pattern = body.recurrencePattern;
	if (!pattern)
		throw validationError([
			{ field: 'recurrencePattern', message: 'is required when recurrence is true' },
		]);
	if (given(body.recurrenceDayOfWeeks) && pattern !== 'Weekly')
		errors.push({ field: 'recurrenceDayOfWeeks', message: 'is only used with Weekly recurrence' });
	if (given(body.recurrenceDay) && pattern !== 'Monthly' && pattern !== 'Yearly')
		errors.push({
			field: 'recurrenceDay',
			message: 'is only used with Monthly or Yearly recurrence',
		});
	if (given(body.recurrenceMonth) && pattern !== 'Yearly')
		errors.push({ field: 'recurrenceMonth', message: 'is only used with Yearly recurrence' });
	if (pattern === 'Yearly') {
		// Left-out parts default from startsAt, so 31 with recurrenceMonth 2 fails either way.
		const start = localDate(body.startsAt);
		const month = body.recurrenceMonth ?? start.getUTCMonth() + 1;
		const day = body.recurrenceDay ?? start.getUTCDate();
		if (day > DAYS_IN_MONTH[month - 1]) {
			errors.push({
				field: given(body.recurrenceDay) ? 'recurrenceDay' : 'recurrenceMonth',
				message: `month ${month} has at most ${DAYS_IN_MONTH[month - 1]} days, the recurrence day is ${day}`,
			});
		}
	}
	if (errors.length) throw validationError(errors);
}

/** Books a calendar event for the agent; recurrence details left out default from startsAt. */
export function createAppointment(
	store: SandboxStore,
	customerId: string,
	userId: string,
	body: AppointmentBody,
): Appointment {
	const agent = requireAgent(store, customerId, userId);
	validateAppointment(body);
	const recurring = body.recurrence === true;
	const pattern = recurring ? body.recurrencePattern! : null;
	const start = localDate(body.startsAt);
	const appointment: Appointment = {
		id: store.nextId('appointment'),
		customerId: agent.customerId.find((office) => store.inScope(office, customerId))!,
		userId: agent.userId,
		subject: body.subject,
		location: body.location ?? '',
		startsAt: body.startsAt,
		endsAt: body.endsAt ?? null,
		allDayEvent: body.allDayEvent ?? false,
		note: body.note ?? '',
		recurrence: recurring,
		recurrencePattern: pattern,
		recurrenceDayOfWeeks:
			pattern === 'Weekly'
				? [
						...new Set(
							given(body.recurrenceDayOfWeeks)
								? body.recurrenceDayOfWeeks!
								: [WEEK_DAYS[start.getUTCDay()]],
						),
					]
				: [],
		recurrenceInterval: recurring ? (body.recurrenceInterval ?? 1) : null,
		recurrenceMonth:
			pattern === 'Yearly' ? (body.recurrenceMonth ?? start.getUTCMonth() + 1) : null,
		recurrenceDay:
			pattern === 'Monthly' || pattern === 'Yearly'
				? (body.recurrenceDay ?? start.getUTCDate())
				: null,
		createdAt: store.now(),
	};
	store.appointments.set(appointment.id, appointment);
	return appointment;
}
