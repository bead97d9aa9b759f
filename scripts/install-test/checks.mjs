// Checks of the install test (scripts/install-test.sh) against a real n8n holding the packed
// package, and helpers for end-to-end tests: the editor's REST API as a logged-in user,
// executions with their items, the sandbox's request log. Each check prints "ok - <what>"
// or "not ok - <what>: <why>"; the shell script counts them.
//
//   node checks.mjs xml <execute output file> <sandbox url>
//   node checks.mjs reads <execute output file> <sandbox url>
//   node checks.mjs editor <n8n url> <package name> [installed package folder]   (env OWNER_EMAIL, OWNER_PASSWORD)
//   node checks.mjs trigger <n8n url> <workflow id> <liveData|newBid> <sandbox url>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The n8n runtime of the machine-wide cache, as scripts/n8n-runtime.sh exports it for the scripts it runs.
const N8N_DIR = process.env.N8N_RT_DIR;
if (!N8N_DIR)
	throw new Error(
		'N8N_RT_DIR is not set: run this through its npm script (scripts/n8n-runtime.sh sets it)',
	);
// n8n stores execution data "flatted" (a JSON with shared references); read it with n8n's own copy.
export const { parse: parseFlatted } = createRequire(`${N8N_DIR}/node_modules/n8n/package.json`)(
	'flatted',
);

/** The node names of the package, as the editor shows them after a community install. */
export const NODE_NAMES = [
	'estateBrokerContacts',
	'estateBrokerBid',
	'estateBrokerAdvertising',
	'estateBrokerEstates',
	'estateBrokerOffice',
	'estateBrokerReports',
	'estateBrokerTrigger',
];
export const CREDENTIAL_NAME = 'estateBrokerApi';

let failures = 0;
/** How many checks failed so far in this process. */
export const failureCount = () => failures;
export function check(what, condition, why) {
	if (condition) console.log(`ok - ${what}`);
	else {
		failures++;
		console.log(`not ok - ${what}: ${why}`);
	}
	return condition;
}

/**
 * The JSON result that `n8n execute --rawOutput` prints between log lines: from the first line
 * that starts with "{" to the first closing line that makes it whole.
 */
export function executeResult(output) {
	const lines = output.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	for (let end = start; start >= 0 && end < lines.length; end++) {
		if (!lines[end].startsWith('}')) continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n'));
		} catch {
			// Not the closing brace of the result yet.
		}
	}
	throw new Error(`no JSON result in the output of n8n execute: ${output.slice(-600)}`);
}

/** Items a node put out in a run (runData of an execution). */
export function nodeItems(runData, nodeName) {
	return runData?.[nodeName]?.[0]?.data?.main?.[0]?.map((item) => item.json) ?? [];
}

export async function sandboxRequests(sandboxUrl) {
	const res = await fetch(`${sandboxUrl}/__sandbox/requests`);
	if (!res.ok) throw new Error(`sandbox request log answered ${res.status}`);
	return await res.json();
}

/** A logged-in session on the editor's REST API: sets up the owner once, then logs in. */
export async function editorSession(n8nUrl, email, password) {
	const settings = await (await fetch(`${n8nUrl}/rest/settings`)).json();
	if (settings.data.userManagement.showSetupOnFirstLoad) {
		const res = await fetch(`${n8nUrl}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email, firstName: 'Install', lastName: 'Test', password }),
		});
		if (!res.ok) throw new Error(`owner setup answered ${res.status}: ${await res.text()}`);
	}
	const login = await fetch(`${n8nUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: email, password }),
	});
	if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
	const cookie = login.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ');
	const call = async (method, path, body) => {
		const headers = {
			cookie,
			'browser-id': 'install-test',
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		};
		const res = await fetch(`${n8nUrl}${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!res.ok)
			throw new Error(
				`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
			);
		return await res.json();
	};
	return {
		cookie,
		get: (path) => call('GET', path),
		post: (path, body) => call('POST', path, body ?? {}),
		patch: (path, body) => call('PATCH', path, body ?? {}),
	};
}

/**
 * The newest `limit` executions of a workflow, newest first, as n8n's list gives them: n8n
 * answers at most 100 a page, so the list is read page by page (each after the last id seen).
 */
export async function executionSummaries(session, workflowId, limit = 20) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const summaries = [];
	while (summaries.length < limit) {
		const asked = Math.min(100, limit - summaries.length);
		const after = summaries.length ? `&lastId=${summaries[summaries.length - 1].id}` : '';
		const page = (await session.get(`/rest/executions?filter=${filter}&limit=${asked}${after}`))
			.data;
		const results = page.results ?? page;
		summaries.push(...results);
		if (results.length < asked) break;
	}
	return summaries;
}

/**
 * Finished executions of a workflow (the last `limit`), newest first, each with its runData;
 * with `all`, running and crashed ones too. `data` is the whole execution data as n8n stores it.
 */
export async function executionsOf(session, workflowId, { all = false, limit = 20 } = {}) {
	const summaries = await executionSummaries(session, workflowId, limit);
	const executions = [];
	for (const summary of summaries) {
		if (!all && summary.finished === false && summary.status !== 'error') continue;
		const full = (await session.get(`/rest/executions/${summary.id}`)).data;
		const data = typeof full.data === 'string' ? parseFlatted(full.data) : full.data;
		executions.push({
			id: summary.id,
			status: full.status,
			mode: full.mode,
			runData: data?.resultData?.runData,
			error: data?.resultData?.error,
			data,
		});
	}
	return executions;
}

/** The result of an `n8n execute` run from its output file; a file without one reads as a run that failed with why. */
function executeResultOf(outputFile) {
	try {
		return executeResult(fs.readFileSync(outputFile, 'utf8'));
	} catch (error) {
		return { data: { resultData: { error } } };
	}
}

async function checkXml(outputFile, sandboxUrl) {
	const result = executeResultOf(outputFile);
	const error = result.data?.resultData?.error;
	const items = nodeItems(result.data?.resultData?.runData, 'Save Person');
	check(
		'Contacts › Person › Create or Update in XML ran in n8n and gave the saved person',
		!error &&
			items.length === 1 &&
			items[0].firstName === 'Greta' &&
			items[0].lastName === 'Garbo' &&
			typeof items[0].contactId === 'string',
		error ? `${error.message}` : `items: ${JSON.stringify(items).slice(0, 400)}`,
	);
	const requests = await sandboxRequests(sandboxUrl);
	const saveIndex = requests.findIndex(
		(r) => r.method === 'POST' && r.path === '/Contacts/UpdatePerson',
	);
	const save = requests[saveIndex];
	// The read-back of the saved person: the first contact read after the save (other workflows read contacts too).
	const readBack =
		saveIndex < 0
			? undefined
			: requests
					.slice(saveIndex + 1)
					.find((r) => r.method === 'GET' && r.path.startsWith('/CRM/Contact/'));
	check(
		'the request body went out as XML and the XML answers were read (bundled fast-xml-parser)',
		save?.status === 200 &&
			/xml/.test(save.contentType ?? '') &&
			/xml/.test(String(save.headers?.accept)) &&
			/xml/.test(String(readBack?.headers?.accept)),
		`save: ${JSON.stringify(save && { status: save.status, contentType: save.contentType, accept: save.headers?.accept })}, read back: ${JSON.stringify(readBack && { accept: readBack.headers?.accept })}`,
	);
}

/**
 * Every node an installed package declares (its package.json's n8n.nodes), by the name n8n
 * gives it: the node of its codex file beside the class file (EstateBrokerBid.node.json:
 * "n8n-nodes-estate-broker.estateBrokerBid" -> estateBrokerBid).
 */
export function declaredNodeNames(packageDir) {
	const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	return manifest.n8n.nodes.map((file) =>
		JSON.parse(fs.readFileSync(path.join(packageDir, file.replace(/\.js$/, '.json')), 'utf8'))
			.node.split('.')
			.pop(),
	);
}

async function checkReads(outputFile, sandboxUrl) {
	const result = executeResultOf(outputFile);
	const error = result.data?.resultData?.error;
	const runData = result.data?.resultData?.runData;
	const listed = nodeItems(runData, 'List Contacts');
	check(
		'a read: Contacts › Contact › List ran in n8n and gave 30 contacts',
		listed.length === 30 && listed.every((item) => typeof item.id === 'string'),
		`${listed.length} items, first: ${JSON.stringify(listed[0]).slice(0, 300)}${error ? `; error: ${error.message}` : ''}`,
	);
	const got = nodeItems(runData, 'Get Contact');
	const pairedInOrder = runData?.['Get Contact']?.[0]?.data?.main?.[0]?.every(
		(item, index) => item.pairedItem?.item === index || item.pairedItem?.[0]?.item === index,
	);
	check(
		'[custom operation] Contacts › Contact › Get over the 30 items gave each item its contact, paired and in order',
		!error &&
			got.length === 30 &&
			got.every((item, index) => item.id === listed[index]?.id) &&
			pairedInOrder,
		error
			? `${error.message}`
			: `${got.length} items, ids ${got
					.slice(0, 5)
					.map((item) => item.id)
					.join(', ')}...; listed ${listed
					.slice(0, 5)
					.map((item) => item.id)
					.join(', ')}...`,
	);
	const requests = await sandboxRequests(sandboxUrl);
	const gets = requests.filter(
		(r) => r.method === 'GET' && /^\/CRM\/Contact\/M30011\/[^/?]*,/.test(r.path),
	);
	const singles = requests.filter(
		(r) => r.method === 'GET' && /^\/CRM\/Contact\/M30011\/C[^/?,]*$/.test(r.path),
	);
	check(
		"[custom operation] the 30 ids went out gathered into 2 calls of up to 20 (the node's custom operation, not one call per item)",
		gets.length === 2 && singles.length === 0 && gets.every((r) => r.status === 200),
		`${gets.length} gathered calls (${gets.map((r) => r.status).join(', ')}), ${singles.length} single-id calls`,
	);
}

async function checkEditor(n8nUrl, packageName, packageDir) {
	const session = await editorSession(n8nUrl, process.env.OWNER_EMAIL, process.env.OWNER_PASSWORD);
	const nodes = await session.get('/types/nodes.json');
	const ours = nodes
		.filter((node) => node.name.startsWith(`${packageName}.`))
		.map((node) => node.name);
	const wanted = (packageDir ? declaredNodeNames(packageDir) : NODE_NAMES).map(
		(name) => `${packageName}.${name}`,
	);
	const missing = wanted.filter((name) => !ours.includes(name));
	check(
		`the editor lists all ${wanted.length} nodes as ${packageName}.*`,
		missing.length === 0,
		`missing: ${missing.join(', ')}; listed: ${ours.join(', ') || 'none'}`,
	);
	const custom = nodes.filter((node) => node.name.startsWith('CUSTOM.')).map((node) => node.name);
	check(
		'no node is loaded from a custom extensions folder (CUSTOM.*)',
		custom.length === 0,
		custom.join(', '),
	);
	const credentials = await session.get('/types/credentials.json');
	const credential = credentials.find((c) => c.name === CREDENTIAL_NAME);
	check(
		`the editor lists the credential ${CREDENTIAL_NAME}, for all ${wanted.length} nodes`,
		credential && wanted.every((name) => credential.supportedNodes?.includes(name)),
		credential ? `supported nodes: ${credential.supportedNodes?.join(', ')}` : 'not listed',
	);
}

async function checkTrigger(n8nUrl, workflowId, kind, sandboxUrl) {
	const session = await editorSession(n8nUrl, process.env.OWNER_EMAIL, process.env.OWNER_PASSWORD);
	const what = kind === 'liveData' ? 'Live Data Changed (luxon)' : 'New Bid';
	// Activation polls once and starts an execution for what it found; give it a minute.
	let executions = [];
	for (let i = 0; i < 60; i++) {
		executions = await executionsOf(session, workflowId);
		if (executions.length > 0) break;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	const [execution] = executions;
	const items = execution
		? nodeItems(execution.runData, kind === 'liveData' ? 'Live Data' : 'New Bid')
		: [];
	const shape =
		kind === 'liveData'
			? (item) =>
					item.report === 'activity' &&
					item.period === 'lastTwoMonths' &&
					typeof item.row === 'string' &&
					item.current &&
					typeof item.dateFrom === 'string'
			: (item) => typeof item.id === 'string' && item.id.length > 0;
	check(
		`the ${what} trigger polled on activation and started the workflow with its items`,
		execution?.status === 'success' && items.length > 0 && items.every(shape),
		execution
			? `status ${execution.status}${execution.error ? `: ${execution.error.message}` : ''}, ${items.length} items, first: ${JSON.stringify(items[0]).slice(0, 300)}`
			: 'no execution within 60 s',
	);
	const path = kind === 'liveData' ? '/BusinessIntelligence/LiveData/Report' : '/CRM/Bids/';
	const requests = await sandboxRequests(sandboxUrl);
	check(
		`the ${what} poll reached the service`,
		requests.some((r) => r.path.startsWith(path) && r.status === 200),
		`no ${path} request answered 200`,
	);
}

// The command line only when run, not when imported by other tests (scripts/e2e/).
const [command, ...args] =
	import.meta.url === `file://${process.argv[1]}` ? process.argv.slice(2) : [];
const commands = { xml: checkXml, reads: checkReads, editor: checkEditor, trigger: checkTrigger };
if (commands[command]) {
	try {
		await commands[command](...args);
	} catch (error) {
		check(`${command} checks`, false, error.message);
	}
	process.exitCode = failures > 0 ? 1 : 0;
} else if (command !== undefined) {
	console.error(`unknown command ${command}`);
	process.exitCode = 2;
}
