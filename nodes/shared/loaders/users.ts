import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { send, recordsOf } from '../wire';
import { sortedOptions } from './sortedOptions';

/**
 * An agent as people call them. The user list (records.md: User) has no name field, only the
 * login (userName, "sara.holmberg"); the live-data report names each agent ("Sara Holmberg").
 * That name wins, else a name field of the user, else a login of dotted or underscored words
 * reads as a name.
 */
export function agentDisplayName(user: IDataObject, reportName?: unknown): string {
	const given = [
		reportName,
		user.name,
		[user.firstName, user.lastName].filter(Boolean).join(' '),
	].find((name) => typeof name === 'string' && name.trim() !== '');
	if (typeof given === 'string') return given.trim();
	const login = String(user.userName ?? user.userId ?? '');
	const words = login.split(/[._]+/).filter(Boolean);
	if (words.length < 2 || /[@\s]/.test(login)) return login;
	return words
		.map((word) =>
			word
				.split('-')
				.map((part) => part.charAt(0).toUpperCase() + part.slice(1))
				.join('-'),
		)
		.join(' ');
}

/** Agents' names by user id from the live-data report of the last day; none when the account may not read it. */
async function reportNames(context: ILoadOptionsFunctions): Promise<Map<string, unknown>> {
	const dateTo = new Date();
	const dateFrom = new Date(dateTo.getTime() - 24 * 60 * 60 * 1000);
	try {
		const report = (
			await send(context, {
				method: 'GET',
				path: '/BusinessIntelligence/LiveData/Report',
				customerIdQuery: 'customerId',
				qs: { dateFrom: dateFrom.toISOString(), dateTo: dateTo.toISOString() },
			})
		).body;
		return new Map(recordsOf(report, 'users').map((row) => [String(row.userId), row.name]));
	} catch {
		// The names only make the list read better; the list itself does not depend on them.
		return new Map();
	}
}

/** Users (agents) of the customer (GET /BusinessIntelligence/External/Users), archived ones left out, by name: an agent picker's list. */
export async function agentOptions(
	context: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const [body, names] = await Promise.all([
		send(context, {
			method: 'GET',
			path: '/BusinessIntelligence/External/Users',
			customerIdQuery: 'customerId',
		}).then((answer) => answer.body),
		reportNames(context),
	]);
	return sortedOptions(
		recordsOf(body)
			.filter((user) => user.archived !== true)
			.map((user) => ({
				name: agentDisplayName(user, names.get(String(user.userId))),
				value: String(user.userId),
				description: [user.title, user.userName].filter(Boolean).map(String).join(', '),
			})),
	);
}
