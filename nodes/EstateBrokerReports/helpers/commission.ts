import type { INodeProperties } from 'n8n-workflow';

import type { RequestStep } from '../../shared/engine';
import { ASSIGNMENT, assignmentField, choiceStep } from './choices';
import { periodFields, periodStep } from './dates';

/** The three commission reports take the same query: a period of at most one year and an optional assignment. */
export const commissionFields: INodeProperties[] = [
	...periodFields({ limit: 'oneYear', required: true, subject: 'Sales whose contract was signed' }),
	assignmentField,
];

export const commissionSteps: RequestStep[] = [
	periodStep({ limit: 'oneYear', required: true }),
	choiceStep(ASSIGNMENT),
];
