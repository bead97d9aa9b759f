import type { SandboxStore } from '../store/store';
import type { Agent } from '../store/types';
import { compareText } from './reportsCommon';

/** External/Trademarks and External/Users: the organisation behind a customer id. */

/** Trademarks (assumed shape { id, name, customerIds }) with at least one office in the scope; customerIds only those offices. */
export function trademarksOf(store: SandboxStore, customerId: string) {
	const scope = store.scopeOf(customerId);
	return [...store.trademarks.values()]
		.map((t) => ({
			id: t.id,
			name: t.name,
			customerIds: t.customerIds.filter((id) => scope.has(id)),
		}))
		.filter((t) => t.customerIds.length > 0)
		.sort((a, b) => compareText(a.id, b.id));
}

/** The User record of records.md, exactly its fields. */
export function userView(agent: Agent) {
	return {
		userId: agent.userId,
		userName: agent.userName,
		customerId: [...agent.customerId],
		department: agent.department,
		title: agent.title,
		emailAddress: agent.emailAddress,
		telePhone: agent.telePhone,
		cellPhone: agent.cellPhone,
		image: agent.image,
		archived: agent.archived,
		public: agent.public,
		dateChanged: agent.dateChanged,
		subOffices: [...agent.subOffices],
	};
}

/** Users of the offices the customer id covers, archived ones included, by user id. */
export function usersOf(store: SandboxStore, customerId: string) {
	return store
		.agentsOf(customerId)
		.sort((a, b) => compareText(a.userId, b.userId))
		.map(userView);
}
