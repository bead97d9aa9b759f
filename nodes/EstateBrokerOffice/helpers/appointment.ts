import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import type { DateTime } from 'luxon';

import { checkDateRange, parseDateTime, toWire } from '../../shared/dates';
import { MONTH_OPTIONS } from '../../shared/descriptions';
import type { RequestStep } from '../../shared/engine';
import { isBlank, listOf, oneOf, inputError, wholeNumber } from '../../shared/rules';

const PATTERNS = ['Daily', 'Weekly', 'Monthly', 'Yearly'] as const;
const WEEK_DAYS = [
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
	'Sunday',
] as const;
/** Longest day of each month; 29 for February, so a yearly event on 29 February is allowed. */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MAX_SUBJECT_LENGTH = 255;
const MAX_INTERVAL = 99;

/** Recurrence fields, shown only once Repeat is on; the details only for the pattern they belong to. */
export const recurrenceFields: INodeProperties[] = [
	{
		displayName: 'Repeat',
		name: 'recurrence',
		type: 'boolean',
		default: false,
		description: 'Whether the appointment repeats',
	},
	{
		displayName: 'Frequency',
		name: 'recurrencePattern',
		type: 'options',
		options: PATTERNS.map((pattern) => ({ name: pattern, value: pattern })),
		default: 'Weekly',
		required: true,
		description: 'How often the appointment repeats',
		displayOptions: { show: { recurrence: [true] } },
	},
	{
		displayName: 'Repeat Every',
		name: 'recurrenceInterval',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_INTERVAL },
		default: 1,
		description: `Every how many days, weeks, months or years (1 to ${MAX_INTERVAL}); 2 with Weekly is every other week`,
		displayOptions: { show: { recurrence: [true] } },
	},
	{
		displayName: 'Recurrence Options',
		name: 'recurrenceOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Details left out follow the date of Starts At',
		displayOptions: { show: { recurrence: [true] } },
		options: [
			{
				displayName: 'Day of Month',
				name: 'dayOfMonth',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 31 },
				default: 1,
				description: 'Day of the month it repeats on; left out, the day of Starts At',
				displayOptions: { show: { '/recurrencePattern': ['Monthly', 'Yearly'] } },
			},
			{
				displayName: 'Days of Week',
				name: 'daysOfWeek',
				type: 'multiOptions',
				options: WEEK_DAYS.map((day) => ({ name: day, value: day })),
				default: [],
				description: 'Weekdays it repeats on; left out, the weekday of Starts At',
				displayOptions: { show: { '/recurrencePattern': ['Weekly'] } },
			},
			{
				displayName: 'Month',
				name: 'month',
				type: 'options',
				options: MONTH_OPTIONS,
				default: 1,
				description: 'Month it repeats in; left out, the month of Starts At',
				displayOptions: { show: { '/recurrencePattern': ['Yearly'] } },
			},
		],
	},
];

function daysOfWeek(context: IExecuteSingleFunctions, value: unknown): string[] {
	const days = listOf(value).map((part) => oneOf(context, part, 'Days of Week', WEEK_DAYS));
	return [...new Set(days)];
}

/**
 * The recurrence part of the body. Details are sent only with Repeat on and only those of the
 * chosen pattern (the service refuses the others), so a value left behind in a hidden field
 * after switching the pattern is not sent. Details left out are filled from the date of
 * Starts At on the workflow's calendar (the service would take them from the UTC time sent,
 * a day early for a Stockholm appointment before 01:00). A yearly day must exist in its month.
 */
function recurrenceOf(context: IExecuteSingleFunctions, startsAt: DateTime): IDataObject {
	const repeat = context.getNodeParameter('recurrence', false) as unknown;
	if (repeat !== true && String(repeat).toLowerCase() !== 'true') return {};
	const pattern = oneOf(
		context,
		context.getNodeParameter('recurrencePattern', ''),
		'Frequency',
		PATTERNS,
	);
	const body: IDataObject = {
		recurrence: true,
		recurrencePattern: pattern,
		recurrenceInterval: wholeNumber(
			context,
			context.getNodeParameter('recurrenceInterval', 1),
			'Repeat Every',
			{ min: 1, max: MAX_INTERVAL },
		),
	};
	const options = context.getNodeParameter('recurrenceOptions', {}) as IDataObject;
	if (pattern === 'Weekly' && !isBlank(options.daysOfWeek)) {
		const days = daysOfWeek(context, options.daysOfWeek);
		if (days.length) body.recurrenceDayOfWeeks = days;
	}
	if (pattern === 'Weekly' && !body.recurrenceDayOfWeeks)
		body.recurrenceDayOfWeeks = [WEEK_DAYS[startsAt.weekday - 1]];
	if (pattern === 'Monthly' || pattern === 'Yearly') {
		body.recurrenceDay = isBlank(options.dayOfMonth)
			? startsAt.day
			: wholeNumber(context, options.dayOfMonth, 'Day of Month', { min: 1, max: 31 });
	}
	if (pattern === 'Yearly') {
		body.recurrenceMonth = isBlank(options.month)
			? startsAt.month
			: wholeNumber(context, options.month, 'Month', { min: 1, max: 12 });
		const month = body.recurrenceMonth as number;
		const day = body.recurrenceDay as number;
		const monthName = MONTH_OPTIONS[month - 1].name;
		if (day > DAYS_IN_MONTH[month - 1]) {
			throw inputError(
				context,
				`Day of Month ${day} does not exist in ${monthName}`,
				`${monthName} has at most ${DAYS_IN_MONTH[month - 1]} days.`,
			);
		}
	}
	return body;
}

/**
 * An all-day appointment is a date, not an instant: the picked date on the workflow's calendar,
 * sent as that date at 00:00 UTC so that it reads as the same day in UTC and in Sweden.
 */
const wholeDay = (date: DateTime) => `${date.toISODate()}T00:00:00.000Z`;

/**
 * Builds the Appointment body (records.md fields) and checks it before anything is sent:
 * subject 1 to 255 characters, Starts At required and not after Ends At, times on the
 * workflow's calendar sent in UTC ISO 8601, recurrence details as above.
 */
export const appointmentBody: RequestStep = async function (request) {
	const subject = String(this.getNodeParameter('subject', '') ?? '').trim();
	if (subject === '')
		throw inputError(
			this,
			'Subject is required',
			'Say what the appointment is about, e.g. "Viewing at Storgatan 12".',
		);
	if (subject.length > MAX_SUBJECT_LENGTH)
		throw inputError(
			this,
			`Subject may have at most ${MAX_SUBJECT_LENGTH} characters; got ${subject.length}`,
		);
	const startsAtValue = this.getNodeParameter('startsAt', '');
	if (isBlank(startsAtValue)) throw inputError(this, 'Starts At is required');
	const endsAtValue = this.getNodeParameter('endsAt', '');
	checkDateRange(
		this,
		{
			from: startsAtValue,
			to: endsAtValue,
			fromField: 'Starts At',
			toField: 'Ends At',
			limit: 'none',
		},
		this.getItemIndex(),
	);
	const startsAt = parseDateTime(this, startsAtValue, 'Starts At', this.getItemIndex());
	const endsAt = isBlank(endsAtValue)
		? undefined
		: parseDateTime(this, endsAtValue, 'Ends At', this.getItemIndex());
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const allDay =
		additional.allDayEvent === undefined
			? undefined
			: additional.allDayEvent === true || String(additional.allDayEvent).toLowerCase() === 'true';
	const timeOf = allDay ? wholeDay : toWire;
	const body: IDataObject = { subject, startsAt: timeOf(startsAt) };
	if (endsAt) body.endsAt = timeOf(endsAt);
	for (const key of ['location', 'note']) {
		if (!isBlank(additional[key])) body[key] = String(additional[key]).trim();
	}
	if (allDay !== undefined) body.allDayEvent = allDay;
	Object.assign(body, recurrenceOf(this, startsAt));
	return { ...request, body };
};
