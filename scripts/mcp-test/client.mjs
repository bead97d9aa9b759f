// The MCP test's client (scripts/mcp-test.sh): a real MCP client (@modelcontextprotocol/sdk,
// streamable HTTP) against n8n's MCP Server Trigger offering the package's action nodes as
// tools (workflow.json), checked against the sandbox's request log. Prints "ok - …" /
// "not ok - …: why" per check (install-test/checks.mjs).
//
//   node client.mjs <MCP server url> <sandbox url>
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { check, sandboxRequests } from '../install-test/checks.mjs';

const [mcpUrl, sandboxUrl] = process.argv.slice(2);
const OFFICE = 'M30011';

/**
 * The tools of workflow.json: the description n8n gives each (Tool Description: Set
 * Automatically, made of the operation's action and the node's name), and the inputs the model
 * gives ($fromAI, each with its own description).
 */
const TOOLS = {
	Get_Persons: {
		says: /^Get many persons by their contact IDs in Estate Broker Contacts$/,
		inputs: ['contactIds'],
	},
	List_Bids: {
		says: /^Get many visible bids, newest first in Estate Broker CRM Bid$/,
		inputs: ['estateId'],
	},
	Register_Interest: {
		says: /^Create an interest application in Estate Broker Advertising$/,
		inputs: ['estateId', 'firstName', 'lastName', 'email'],
	},
	Set_Condominium_Price: {
		says: /^Update a condominium in Estate Broker Estates$/,
		inputs: ['condominiumId', 'startingPrice'],
	},
	List_Areas: { says: /^Get many areas in Estate Broker Office$/, inputs: [] },
	List_Users: { says: /^Get the users of the office in Estate Broker Reports$/, inputs: [] },
	Get_Published_Estate: {
		says: /^Get a published estate in Estate Broker Estates$/,
		inputs: ['estateId'],
	},
};

/** The service itself (the sandbox, as the demo user): to find ids a model would already know. */
async function service(path) {
	const res = await fetch(`${sandboxUrl}${path}`, {
		headers: {
			authorization: `Basic ${Buffer.from('demo:demo-password').toString('base64')}`,
			'x-api-key': 'demo-api-key',
			accept: 'application/json',
		},
	});
	if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
	return await res.json();
}

async function clearRequests() {
	await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
}

/** A tool call's outcome: the text n8n answered, its JSON when it is JSON, and whether MCP flags it as an error. */
async function call(client, name, args) {
	const result = await client.callTool({ name, arguments: args });
	const text = (result.content ?? [])
		.filter((part) => part.type === 'text')
		.map((part) => part.text)
		.join('\n');
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		// An error message, not JSON.
	}
	return { isError: result.isError === true, text, json };
}

/** The records a tool answered with: n8n gives a tool's output items as a JSON list (or one object). */
const recordsOf = (json) =>
	(Array.isArray(json) ? json : json && typeof json === 'object' ? [json] : []).map(
		(entry) => entry?.json ?? entry,
	);

const client = new Client({ name: 'estate-broker-mcp-test', version: '1.0.0' });
try {
	await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
	check('a real MCP client connects to the MCP Server Trigger (streamable HTTP)', true);

	// 1. The tools as a model sees them.
	const { tools } = await client.listTools();
	const byName = new Map(tools.map((tool) => [tool.name, tool]));
	check(
		`the server lists one tool per action node: ${Object.keys(TOOLS).join(', ')}`,
		Object.keys(TOOLS).every((name) => byName.has(name)) &&
			tools.length === Object.keys(TOOLS).length,
		`listed: ${tools.map((tool) => tool.name).join(', ')}`,
	);
	for (const tool of tools)
		console.log(
			`# tool ${tool.name}: ${JSON.stringify(tool.description)}; inputs ${
				Object.entries(tool.inputSchema?.properties ?? {})
					.map(
						([input, schema]) => `${input} (${schema.type}): ${JSON.stringify(schema.description)}`,
					)
					.join('; ') || 'none'
			}`,
		);
	for (const [name, { says, inputs }] of Object.entries(TOOLS)) {
		const tool = byName.get(name);
		const properties = tool?.inputSchema?.properties ?? {};
		check(
			`${name}: its description says what it does (${says}) and each input (${inputs.join(', ') || 'none'}) says what it means`,
			tool &&
				says.test(tool.description ?? '') &&
				inputs.every((input) => (properties[input]?.description ?? '').length > 10) &&
				Object.keys(properties).length === inputs.length,
			tool
				? `description ${JSON.stringify(tool.description)}, inputs ${JSON.stringify(properties).slice(0, 400)}`
				: 'not listed',
		);
	}

	// Ids a model would have from earlier answers: bids of the office, a condominium of its sales report.
	const bids = await service(`/CRM/Bids/${OFFICE}`);
	const estateId = bids[0].estateId;
	const personIds = [...new Set(bids.map((bid) => bid.contactId))].slice(0, 3);
	const report = await service(
		`/BusinessIntelligence/GetSalesReport?customerId=${OFFICE}&selectionType=Create`,
	);
	const estates = report.officeSaleReports.flatMap((office) =>
		office.years.flatMap((year) => year.months.flatMap((month) => month.estateSaleReports)),
	);
	const condominiumId = estates.find((estate) => estate.type?.text === 'Condominium')?.id;

	// 2. A custom operation over ids (Contacts › Person › Get Many): every person, in the order asked.
	await clearRequests();
	let outcome = await call(client, 'Get_Persons', { contactIds: personIds.join(', ') });
	let records = recordsOf(outcome.json);
	check(
		`Get_Persons (${personIds.join(', ')}) answers each person, in the order asked`,
		!outcome.isError &&
			records.length === personIds.length &&
			records.every((record, index) => (record.id ?? record.contactId) === personIds[index]),
		`${outcome.isError ? 'error: ' : ''}${outcome.text.slice(0, 400)}`,
	);
	let requests = await sandboxRequests(sandboxUrl);
	const personCalls = requests.filter(
		(r) => r.method === 'GET' && r.path.startsWith(`/CRM/Contact/${OFFICE}/Person`),
	);
	check(
		'Get_Persons read them in one call (the ids gathered, as the node does for any item)',
		personCalls.length === 1 && personCalls[0].status === 200,
		JSON.stringify(personCalls.map((r) => [r.path, r.query, r.status])),
	);

	// 3. A read with an optional filter: left empty, it is left out; given, it is sent.
	await clearRequests();
	outcome = await call(client, 'List_Bids', { estateId: '' });
	requests = (await sandboxRequests(sandboxUrl)).filter((r) => r.path === `/CRM/Bids/${OFFICE}`);
	check(
		"List_Bids with the estate left empty lists the office's bids and sends no criteria.estateId at all",
		!outcome.isError &&
			recordsOf(outcome.json).length > 0 &&
			requests.length === 1 &&
			!('criteria.estateId' in (requests[0].query ?? {})),
		`${outcome.text.slice(0, 200)}; queries sent: ${JSON.stringify(requests.map((r) => r.query))}`,
	);
	await clearRequests();
	outcome = await call(client, 'List_Bids', { estateId });
	records = recordsOf(outcome.json);
	requests = (await sandboxRequests(sandboxUrl)).filter((r) => r.path === `/CRM/Bids/${OFFICE}`);
	check(
		`List_Bids for estate ${estateId} sends criteria.estateId=${estateId} and answers only that estate's bids`,
		!outcome.isError &&
			records.length > 0 &&
			records.every((bid) => bid.estateId === estateId) &&
			requests[0]?.query?.['criteria.estateId'] === estateId,
		`${outcome.text.slice(0, 200)}; queries sent: ${JSON.stringify(requests.map((r) => r.query))}`,
	);

	// 4. A write whose single-id input refuses a list, then takes one id.
	await clearRequests();
	const person = { firstName: 'Ada', lastName: 'Lindqvist', email: 'ada.lindqvist@example.com' };
	outcome = await call(client, 'Register_Interest', {
		estateId: `${estateId},OBJ30011_2041100002`,
		...person,
	});
	requests = await sandboxRequests(sandboxUrl);
	check(
		'Register_Interest given a comma list as its one estate refuses it with a clear message, and sends nothing',
		/takes one ID, not a list/.test(outcome.text) && requests.length === 0,
		`isError ${outcome.isError}: ${outcome.text.slice(0, 300)}; requests: ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`,
	);
	outcome = await call(client, 'Register_Interest', { estateId, ...person });
	requests = (await sandboxRequests(sandboxUrl)).filter(
		(r) =>
			r.method === 'POST' &&
			r.path.startsWith(`/Advertising/Estate/${OFFICE}/${estateId}/interest`),
	);
	check(
		`Register_Interest for estate ${estateId} writes the interest application with the person's name and e-mail`,
		!outcome.isError &&
			requests.length === 1 &&
			requests[0].status < 300 &&
			JSON.stringify(requests[0].body).includes('Lindqvist') &&
			JSON.stringify(requests[0].body).includes(person.email),
		`${outcome.text.slice(0, 300)}; requests: ${JSON.stringify(requests.map((r) => [r.path, r.status, r.body])).slice(0, 400)}`,
	);

	// 5. A write on another node: the condominium's starting price.
	await clearRequests();
	outcome = await call(client, 'Set_Condominium_Price', { condominiumId, startingPrice: 4150000 });
	requests = (await sandboxRequests(sandboxUrl)).filter(
		(r) => r.method === 'PUT' && r.path === `/Condominium/${OFFICE}/${condominiumId}`,
	);
	check(
		`Set_Condominium_Price for ${condominiumId} sends the new starting price`,
		!outcome.isError &&
			requests.length === 1 &&
			requests[0].status < 300 &&
			JSON.stringify(requests[0].body).includes('4150000'),
		`${outcome.text.slice(0, 300)}; requests: ${JSON.stringify(requests.map((r) => [r.path, r.status, r.body])).slice(0, 400)}`,
	);

	// 6. Reads without inputs.
	outcome = await call(client, 'List_Areas', {});
	check(
		"List_Areas answers the office's areas",
		!outcome.isError && recordsOf(outcome.json).length > 0,
		outcome.text.slice(0, 300),
	);
	outcome = await call(client, 'List_Users', {});
	check(
		"List_Users answers the office's users",
		!outcome.isError && recordsOf(outcome.json).length > 0,
		outcome.text.slice(0, 300),
	);

	// 7. A listing read: a published estate of the office, simplified (the default), its address and price.
	const listed = await service(
		`/Advertising/Estate/${OFFICE}?paging.pageSize=1&paging.pageIndex=0`,
	);
	const publishedId = listed.rows[0]?.id;
	await clearRequests();
	outcome = await call(client, 'Get_Published_Estate', { estateId: publishedId });
	records = recordsOf(outcome.json);
	requests = (await sandboxRequests(sandboxUrl)).filter((r) =>
		r.path.startsWith(`/Advertising/Estate/${OFFICE}/`),
	);
	check(
		`Get_Published_Estate for ${publishedId} answers the estate with its address, read in one call`,
		!outcome.isError &&
			records.length === 1 &&
			records[0].id === publishedId &&
			typeof records[0].streetAddress === 'string' &&
			requests.length === 1 &&
			requests[0].path === `/Advertising/Estate/${OFFICE}/${publishedId}` &&
			requests[0].status === 200,
		`${outcome.text.slice(0, 300)}; requests: ${JSON.stringify(requests.map((r) => [r.path, r.status]))}`,
	);
} catch (error) {
	check('the MCP checks ran', false, error.stack ?? error.message);
} finally {
	await client.close().catch(() => {});
}
