// Where n8n keeps the notification secret (scripts/e2e.sh, last, after every notification story
// ran in the real n8n): the secret's text must be in no row of n8n's database, no saved
// execution, no downloaded workflow, no export and no line of n8n's log; the credential
// "Estate Broker Notification Secret" holds it, encrypted (n8n's own decrypting export shows it
// there, so the search would find the text where it is in clear).
//   node secret-at-rest.mjs <n8n url> <n8n user folder> <secret> <n8n log> <export folder>
// The export folder holds what e2e.sh had n8n write: workflows.json (`export:workflow --all`),
// credentials.json (`export:credentials --all`, encrypted) and decrypted.json (`--decrypted`,
// read here and removed at once).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

import { check, editorSession, executionSummaries, failureCount } from '../install-test/checks.mjs';

const [n8nUrl, userFolder, secret, n8nLog, exports] = process.argv.slice(2);
const OWNER = {
	email: process.env.OWNER_EMAIL ?? 'owner@e2e.invalid',
	password: process.env.OWNER_PASSWORD ?? 'E2e-Owner-Pass-1',
};
const CREDENTIAL_ID = 'estNotificationSecret';
const say = (line) => console.log(`# ${line}`);
const holds = (text) => String(text).includes(secret);

/** Every row of every table of n8n's SQLite database, as text (binary columns read as UTF-8). */
async function databaseRows(file) {
	const sqlite3 = createRequire(path.join(process.env.N8N_RT_DIR, 'package.json'))('sqlite3');
	const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
	const all = (sql) =>
		new Promise((resolve, reject) =>
			db.all(sql, (error, rows) => (error ? reject(error) : resolve(rows))),
		);
	try {
		const rows = [];
		for (const { name } of await all("SELECT name FROM sqlite_master WHERE type = 'table'")) {
			for (const row of await all(`SELECT * FROM "${name}"`)) {
				rows.push({
					table: name,
					text: JSON.stringify(row, (_key, value) =>
						value?.type === 'Buffer' && Array.isArray(value.data)
							? Buffer.from(value.data).toString('utf8')
							: value,
					),
					row,
				});
			}
		}
		return rows;
	} finally {
		db.close();
	}
}

say('where n8n keeps the notification secret, after the notification stories');
const databaseFile = path.join(userFolder, '.n8n', 'database.sqlite');
const rows = await databaseRows(databaseFile);
const credentialRow = rows.find(
	(entry) => entry.table === 'credentials_entity' && entry.row.id === CREDENTIAL_ID,
);
const decryptedFile = path.join(exports, 'decrypted.json');
const decrypted = fs.readFileSync(decryptedFile, 'utf8');
fs.rmSync(decryptedFile);
check(
	'the credential "Estate Broker Notification Secret" holds the secret, encrypted (its row has it only as cipher text; n8n\'s decrypting export shows it)',
	credentialRow !== undefined &&
		!holds(credentialRow.text) &&
		JSON.parse(decrypted).some(
			(credential) => credential.id === CREDENTIAL_ID && credential.data?.secret === secret,
		),
	credentialRow
		? 'the decrypting export does not show the secret in that credential'
		: 'no such credential row',
);
const found = rows.filter((entry) => holds(entry.text));
const tables = [...new Set(rows.map((entry) => entry.table))];
const executionRows = rows.filter((entry) => entry.table === 'execution_data').length;
check(
	`the secret is in no row of n8n's database (${rows.length} rows of ${tables.length} tables, ${executionRows} saved executions among them)`,
	found.length === 0 && executionRows > 0,
	`found in ${[...new Set(found.map((entry) => entry.table))].join(', ') || 'none'}; saved executions ${executionRows}`,
);
// The file itself, with its write-ahead log: no page of it (a freed one included) holds the text.
const files = [databaseFile, `${databaseFile}-wal`].filter((file) => fs.existsSync(file));
check(
	`the secret is in no byte of ${files.map((file) => path.basename(file)).join(' and ')}`,
	files.every((file) => !fs.readFileSync(file).includes(secret)),
	'found in the file',
);

const session = await editorSession(n8nUrl, OWNER.email, OWNER.password);
const workflows = (await session.get('/rest/workflows')).data;
const list = workflows.results ?? workflows;
// What the editor's Download writes is the workflow as the editor reads it here.
const downloads = await Promise.all(
	list.map(async (workflow) => ({
		id: workflow.id,
		text: JSON.stringify((await session.get(`/rest/workflows/${workflow.id}`)).data),
	})),
);
const notified = downloads.filter((download) =>
	download.text.includes('estateBrokerNotificationTrigger'),
);
check(
	`the secret is in no workflow as the editor downloads it (${downloads.length} workflows, ${notified.length} with the notification trigger)`,
	notified.length >= 3 &&
		downloads.every((download) => !holds(download.text)) &&
		notified.every((download) => download.text.includes(CREDENTIAL_ID)),
	`in ${
		downloads
			.filter((download) => holds(download.text))
			.map((download) => download.id)
			.join(', ') || 'none'
	}; with the trigger ${notified.length}`,
);
const executions = [];
for (const workflow of notified) {
	for (const summary of await executionSummaries(session, workflow.id, 1000))
		executions.push({
			id: summary.id,
			text: JSON.stringify((await session.get(`/rest/executions/${summary.id}`)).data),
		});
}
check(
	`the secret is in no saved execution as n8n's API gives it (${executions.length} executions of those workflows)`,
	executions.length >= 120 && executions.every((execution) => !holds(execution.text)),
	`in ${executions.filter((execution) => holds(execution.text)).length} of ${executions.length}`,
);
const exported = ['workflows.json', 'credentials.json'].map((name) => ({
	name,
	text: fs.readFileSync(path.join(exports, name), 'utf8'),
}));
check(
	"the secret is in neither of n8n's exports (export:workflow --all, export:credentials --all)",
	exported.every((file) => !holds(file.text)) && exported[1].text.includes(CREDENTIAL_ID),
	`in ${
		exported
			.filter((file) => holds(file.text))
			.map((file) => file.name)
			.join(', ') || 'none'
	}`,
);
const log = fs.readFileSync(n8nLog, 'utf8');
check(
	`the secret is in no line of n8n's log (${log.split('\n').length} lines)`,
	!holds(log),
	'found in the log',
);
if (failureCount() > 0) process.exitCode = 1;
