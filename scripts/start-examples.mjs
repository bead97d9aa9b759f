// The examples `npm start` imports into n8n (scripts/start.sh), and which of them to leave alone.
// n8n's `import:workflow` overwrites a workflow of the same id, so before it runs this decides,
// from n8n's database (n8n not running) and a record of what the last start imported
// (<user folder>/examples-imported.json: each example's file digest and the versionId n8n gave it):
//   new        not in n8n: import it
//   update     in n8n as the last start imported it, and the example file changed since: import it
//   unchanged  in n8n as imported, the file the same: nothing to do
//   kept       in n8n, changed since it was imported (n8n gives every save a new versionId), or
//              there from before these records (imported by hand): left as it is
//
//   node start-examples.mjs plan   <database> <record> <folder of the examples to import>
//       prints one line per example: <action>\t<file>\t<id>\t<name>
//   node start-examples.mjs record <database> <record> <folder> <file>...
//       after the import: notes the files' digests and the versionIds n8n gave them
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [mode, database, recordFile, folder, ...files] = process.argv.slice(2);
const runtime = process.env.N8N_RT_DIR;
if (!runtime) throw new Error('N8N_RT_DIR is not set: run this from scripts/start.sh');

/** The versionId of each workflow id n8n holds (none when n8n has no database yet). */
async function versionIds(ids) {
	if (!fs.existsSync(database)) return new Map();
	const sqlite3 = createRequire(path.join(runtime, 'node_modules/n8n/package.json'))('sqlite3');
	const db = new sqlite3.Database(database, sqlite3.OPEN_READONLY);
	const rows = await new Promise((resolve, reject) =>
		db.all(
			`SELECT id, versionId FROM workflow_entity WHERE id IN (${ids.map(() => '?').join(',')})`,
			ids,
			(error, found) => (error ? reject(error) : resolve(found)),
		),
	).catch((error) => {
		// A database without the table yet (n8n never started on it) holds no workflow.
		if (/no such table/.test(error.message)) return [];
		throw error;
	});
	await new Promise((resolve) => db.close(resolve));
	return new Map(rows.map((row) => [row.id, row.versionId]));
}

const digest = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const examples = (names) =>
	names.map((file) => {
		const workflow = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
		return { file, id: workflow.id, name: workflow.name, digest: digest(path.join(folder, file)) };
	});
const record = fs.existsSync(recordFile) ? JSON.parse(fs.readFileSync(recordFile, 'utf8')) : {};

if (mode === 'plan') {
	const all = examples(
		fs
			.readdirSync(folder)
			.filter((name) => name.endsWith('.json'))
			.sort(),
	);
	const inN8n = await versionIds(all.map((example) => example.id));
	for (const example of all) {
		const held = inN8n.get(example.id);
		const last = record[example.id];
		const action =
			held === undefined
				? 'new'
				: last?.versionId !== held
					? 'kept'
					: last.digest === example.digest
						? 'unchanged'
						: 'update';
		console.log([action, example.file, example.id, example.name].join('\t'));
	}
} else if (mode === 'record') {
	const imported = examples(files);
	const inN8n = await versionIds(imported.map((example) => example.id));
	for (const example of imported) {
		if (!inN8n.has(example.id)) throw new Error(`${example.file} is not in n8n after its import`);
		record[example.id] = {
			file: example.file,
			digest: example.digest,
			versionId: inN8n.get(example.id),
		};
	}
	fs.writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
} else {
	throw new Error(`unknown mode ${mode}: plan or record`);
}
