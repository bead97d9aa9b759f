import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { additionalFieldsField, agentField, defineOperation } from '../../../shared/descriptions';
import { pickedValue } from '../../../shared/rules';
import { appointmentBody, recurrenceFields } from '../../helpers/appointment';
import { sentWithId } from '../../helpers/sentWithId';

/** There is no endpoint to read an appointment back, so the item is its new ID with what was booked. */
export const createAppointment = defineOperation({
	resource: 'appointment',
	value: 'create',
	name: 'Create',
	action: 'Create an appointment',
	description:
		"Book a calendar event in an agent's calendar, e.g. a viewing or a valuation visit, once or repeating. The item carries the new appointment ID with what was booked.",
	request: {
		method: 'POST',
		path: '/Appointment/{customerId}/{userId}',
		pathLabels: { userId: 'Agent' },
		bodyRoot: 'Appointment',
		preSend: [appointmentBody],
		postReceive: [
			sentWithId(['subject', 'startsAt', 'endsAt'], function (this: IExecuteSingleFunctions) {
				return { userId: String(pickedValue(this.getNodeParameter('userId', ''))).trim() };
			}),
		],
		output: { kind: 'value', key: 'appointmentId' },
	},
	fields: [
		agentField({ required: true }),
		{
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'Viewing at Storgatan 12',
			description: 'What the appointment is about (at most 255 characters)',
		},
		{
			displayName: 'Starts At',
			name: 'startsAt',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'When the appointment starts',
		},
		{
			displayName: 'Ends At',
			name: 'endsAt',
			type: 'dateTime',
			default: '',
			description: 'When the appointment ends, not before Starts At. Leave empty for no set end.',
		},
		...recurrenceFields,
		additionalFieldsField([
			{
				displayName: 'All Day',
				name: 'allDayEvent',
				type: 'boolean',
				default: true,
				description:
					'Whether the appointment lasts the whole day rather than from Starts At to Ends At',
			},
			{
				displayName: 'Location',
				name: 'location',
				type: 'string',
				default: '',
				placeholder: 'Storgatan 12, Stockholm',
				description: 'Where the appointment takes place',
			},
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Anything the agent should know',
			},
		]),
	],
});
