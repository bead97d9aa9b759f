/**
 * What the package keeps of accounts, credentials and offices for as long as the n8n process
 * runs: every other value of that kind lives for one node execution, one poll or one call and
 * travels with it. Each entry is a map created once, when the package is loaded; the module
 * that owns the entry's logic asks for it by name (`processStore`) and gives it its type.
 * Nothing here outlives a restart: the trigger keeps its own copy of a pause in its static
 * data for that.
 *
 * The package's other module-level state holds nothing of an account, and lives where it is used:
 * memos of pure computations (dates/serviceClock.ts: Stockholm's offset by UTC day, UTC hour and
 * wall day, and an offset's text; dates/recordTimes.ts: what a field name says of a time;
 * wire/address.ts: a path template's parts), the count that tells the editor's loads by hand apart
 * (wire/request.ts) and the clock of the pause and pace (account/pause.ts, replaced only by tests);
 * the answers being read and their deadlines (wire/body.ts), each gone when its read ends; and maps
 * weakly keyed on n8n's objects of one execution or call, gone with them (wire/callState.ts: the
 * run's and the call's state; account/pause.ts: the answers still to be read).
 */
export const PROCESS_STATE = {
	pauseStandings: {
		holds:
			'per account (service address and user name) and customer: calls refused or failed in a row, the pause in force, the calls waiting for their turn (pause.ts)',
		lives: 'until the process ends; a standing returns to all-well at the first call that succeeds',
		why: 'a refusing office or a failing service is refused by every node, run and poll of the process alike: one run or poll alone would send its handful of calls again each time',
	},
	paceGates: {
		holds:
			"per account: the calls on the wire and the earliest start of the next, under the credential's Requests in Flight and Requests per Second per n8n Process (throttle.ts)",
		lives: 'until the process ends; a gate holds no call once its calls are answered',
		why: 'the service limits an account, not a run: the runs of all workflows using the account share its pace',
	},
	customerOfCredential: {
		holds:
			"per credential ID: the credential's default Customer ID, never its secrets, and when it was read (account.ts)",
		lives:
			'a minute from the read (WEBHOOK_CUSTOMER_LIFE_MS); a changed credential is read again after it',
		why: "outside an execution n8n reads a credential through a fresh expression isolate, a third of a webhook's cost: a flood of notifications would pay it on every one",
	},
	notificationSecretDigests: {
		holds:
			'per notification secret credential ID: the SHA-256 of its secret, never the secret, and when it was read (EstateBrokerNotificationTrigger/secret.ts)',
		lives: 'SECRET_LIFE_MS from the read, and at most REREAD_AFTER_MS while wrong secrets arrive',
		why: 'as for the customer: the webhook would read the credential for every notification',
	},
	safeBaseUrls: {
		holds:
			'per credential Base URL found safe to send credentials to: the URL as calls use it (account.ts); never a refused one, never a secret',
		lives: 'until the process ends; at most 64, all dropped at once when full',
		why: "every call checks its base URL twice (addressing, the credential's authenticate): parsing it each time was a measurable part of a call in a 10,000-call Get Many",
	},
	contactNamesByOffice: {
		holds:
			"per service, user and office: the names of the office's contacts a record picker has read (pickers/contacts.ts)",
		lives:
			'until the process ends; at most 20 offices, the oldest dropped first; a contact changed since is read again',
		why: 'each search of a picker would otherwise read the whole office again, typed letter by letter',
	},
	listingLabels: {
		holds:
			"per service, user, customer, kind and id: the entry a listing picker showed for a published record (its name, description and id, never the record or a secret) and the list row's change time it was read at (pickers/listingLabels.ts)",
		lives:
			'until the process ends; at most LISTING_LABELS_KEPT (10,000) labels, the least recently used dropped first; a record whose list row shows another change time is read again',
		why: 'the lists give ids only: each open of a picker would read every record of its page by id again, 20 calls a page, though the rows say which records changed',
	},
} as const;

export type ProcessStateName = keyof typeof PROCESS_STATE;

const stores = new Map<ProcessStateName, Map<unknown, unknown>>(
	(Object.keys(PROCESS_STATE) as ProcessStateName[]).map((name) => [name, new Map()]),
);

/** The process's one map of an entry of PROCESS_STATE; every caller gets the same map. */
export function processStore<Key, Value>(name: ProcessStateName): Map<Key, Value> {
	return stores.get(name) as Map<Key, Value>;
}

/** Everything kept forgotten, as a restart of n8n would (for tests that start afresh). */
export function forgetProcessState(): void {
	for (const store of stores.values()) store.clear();
}
