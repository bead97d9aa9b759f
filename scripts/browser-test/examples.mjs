// The examples as a new user meets them (scripts/browser-test.sh, after `npm start`): each file of
// examples/ imported through the workflow menu's Import › From file into the n8n that `npm start`
// started, with no unknown ("?") node, and run; a screenshot of each. The words the test clicks
// (Import, From file, Publish, Execute workflow) are checked as the editor writes them, and the
// sticky notes' colour as the README names it. Each check prints "ok - …" / "not ok - …".
//
//   node examples.mjs <n8n url> <sandbox url> <mail dir> <chromium path> <screenshots dir> <examples dir> [<earlier workflow id>]
// (env OWNER_EMAIL, OWNER_PASSWORD: the login `npm start` printed; MAIL_PAGE_URL: the mail page
// it printed, where the weekly report's e-mail is then read as a user reads it.) The earlier
// workflow, saved with the types an earlier `npm start` gave (CUSTOM.*), must open with every node known.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { browserStep } from './step.mjs';
import { check, editorSession, executionsOf, failureCount } from '../install-test/checks.mjs';
import { readMail } from '../e2e/mail.mjs';
import { optOutWebhookStory, waitFor } from '../e2e/stories.mjs';

const [n8nUrl, sandboxUrl, mailDir, browserPath, shotsDir, examplesDir, earlierWorkflowId] =
	process.argv.slice(2);
const owner = { email: process.env.OWNER_EMAIL, password: process.env.OWNER_PASSWORD };
const WAIT = 60_000;
const byTest = (id) => `[data-test-id="${id}"]`;
const say = (line) => console.log(`# ${line}`);

/** Fails unless the element's first line reads exactly `words` (the words the README and the notes use). */
async function expectWords(locator, words) {
	const text = (await locator.first().innerText()).trim().split('\n')[0].trim();
	if (text !== words)
		throw new Error(`the editor reads "${text}" where the README and the notes say "${words}"`);
}

const step = browserStep(shotsDir);

/** The workflow menu (⋯ beside the name) › Import › From file, as the README says it. */
async function importFromFile(page, file) {
	await page.goto(`${n8nUrl}/workflow/new`);
	await page.locator(byTest('workflow-menu')).click();
	const importItem = page.locator(byTest('workflow-menu-item-import'));
	await expectWords(importItem, 'Import');
	await importItem.hover();
	const fromFile = page.locator(byTest('workflow-menu-item-import-from-file'));
	await expectWords(fromFile, 'From file');
	const [chooser] = await Promise.all([page.waitForEvent('filechooser'), fromFile.click()]);
	await chooser.setFiles(file);
}

/** The canvas's nodes whose type n8n does not know (it draws them as "?"), by name and type. */
async function unknownNodes(page, knownTypes) {
	const nodes = await page
		.locator(byTest('canvas-node'))
		.evaluateAll((elements) =>
			elements.map((e) => ({ name: e.dataset.nodeName, type: e.dataset.nodeType })),
		);
	return { count: nodes.length, unknown: nodes.filter((node) => !knownTypes.has(node.type)) };
}

/** Waits until every node of the workflow file is on the canvas, then fits it to the screen. */
async function untilDrawn(page, workflow) {
	for (const node of workflow.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')) {
		await page
			.locator(`${byTest('canvas-node')}[data-node-name="${node.name.replace(/"/g, '\\"')}"]`)
			.waitFor();
	}
	await page
		.locator(byTest('zoom-to-fit'))
		.click()
		.catch(() => {});
	await page.waitForTimeout(800);
	for (const button of await page.getByRole('button', { name: 'Got it' }).all())
		await button.click().catch(() => {});
}

/** The hue of an oklch()/rgb() colour, in degrees. */
function hueOf(color) {
	const oklch = /oklch\(\s*[\d.]+%?\s+[\d.]+\s+([\d.]+)/.exec(color);
	if (oklch) return Number(oklch[1]);
	const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number).map((v) => v / 255);
	const max = Math.max(r, g, b),
		min = Math.min(r, g, b),
		d = max - min;
	if (!d) return NaN;
	const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
	return (h * 60 + 360) % 360;
}

/** The workflow's executions, newest first, once `count` have ended (or what there is after three minutes). */
async function executions(session, workflowId, count) {
	let list = [];
	await waitFor(
		async () => {
			list = await executionsOf(session, workflowId, { all: true, limit: count + 5 });
			return (
				list.filter((run) => !['new', 'running', 'waiting'].includes(run.status)).length >= count
			);
		},
		{ seconds: 180 },
	);
	return list;
}

const RUNS = {
	/** Execute workflow (from the schedule trigger, the button's first choice): the report e-mail arrives. */
	async 'scheduled-report.json'(page, { session, workflowId }) {
		const before = readMail(mailDir).length;
		const execute = page.locator(byTest('execute-workflow-button')).first();
		await expectWords(execute, 'Execute workflow');
		await execute.click();
		const mail = await waitFor(
			() =>
				readMail(mailDir)
					.slice(before)
					.find((m) => /^Office report, week \d+$/.test(m.subject)),
			{ seconds: 180 },
		);
		if (!mail) throw new Error('no report e-mail arrived');
		const [run] = await executions(session, workflowId, 1);
		if (run?.status !== 'success')
			throw new Error(`the run ended ${run?.status}: ${run?.error?.message}`);
		if ((mail.html.match(/<table/g) ?? []).length !== 2)
			throw new Error('the e-mail lacks its two tables');
		await page.locator(byTest('canvas-node-status-success')).nth(6).waitFor();
		return mail;
	},
	/** The report's e-mail on npm start's mail page: listed by its subject, opened, both tables drawn. */
	async 'scheduled-report.json/mail'(page, { mail }) {
		if (!process.env.MAIL_PAGE_URL) throw new Error('npm start printed no mail page');
		const mailPage = await page.context().newPage();
		try {
			await mailPage.setViewportSize({ width: 900, height: 900 });
			await mailPage.goto(process.env.MAIL_PAGE_URL);
			await mailPage.getByRole('link', { name: mail.subject, exact: true }).first().click();
			const body = mailPage.frameLocator('iframe');
			await body.locator('table').nth(1).waitFor();
			const tables = await body.locator('table').count();
			if (tables !== 2) throw new Error(`the mail page shows ${tables} table(s) in the report`);
			await mailPage.screenshot({ path: path.join(shotsDir, 'report-email.png'), fullPage: true });
		} finally {
			await mailPage.close();
		}
	},
	/** Execute workflow: the trigger fetches the newest lead, the agent gets a call booked and an e-mail. */
	async 'lead-routing.json'(page, { session, workflowId }) {
		const before = readMail(mailDir).length;
		await page.locator(byTest('execute-workflow-button')).first().click();
		const [run] = await executions(session, workflowId, 1);
		if (run?.status !== 'success')
			throw new Error(`the run ended ${run?.status}: ${run?.error?.message}`);
		const booked = run.runData?.['Book a Call']?.[0]?.data?.main?.[0] ?? [];
		const mail = readMail(mailDir).slice(before);
		if (booked.length !== 1 || mail.length !== 1)
			throw new Error(
				`${booked.length} call(s) booked, ${mail.length} e-mail(s) sent; nodes run: ${Object.keys(run.runData ?? {}).join(', ')}`,
			);
		await page.locator(byTest('canvas-node-status-success')).nth(5).waitFor();
	},
	/** Publish (top right), then the mailing tool calls the production webhook: the summary answers. */
	async 'opt-out-sync.json'(page) {
		// Its note: choose "Run With the Spreadsheet" under the arrow beside Execute workflow.
		const execute = page.locator(byTest('execute-workflow-button')).first();
		await expectWords(execute, 'Execute workflow');
		await page.getByRole('button', { name: 'Select trigger node' }).click();
		await page
			.getByRole('menuitem', { name: 'from Run With the Spreadsheet' })
			.waitFor({ timeout: 10_000 });
		await page.keyboard.press('Escape');
		const publish = page.locator(byTest('workflow-open-publish-modal-button'));
		await expectWords(publish, 'Publish');
		await publish.click();
		const dialog = page.getByRole('dialog');
		await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
		await page
			.locator(byTest('workflow-open-publish-modal-button'))
			.filter({ hasText: /^Published$/ })
			.or(page.getByText('Published', { exact: true }))
			.first()
			.waitFor();
		const before = failureCount();
		await optOutWebhookStory({ n8nUrl, sandboxUrl });
		if (failureCount() > before) throw new Error('the webhook story failed (see above)');
	},
};

const browser = await chromium.launch({
	executablePath: browserPath,
	args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
try {
	const session = await editorSession(n8nUrl, owner.email, owner.password);
	const knownTypes = new Set((await session.get('/types/nodes.json')).map((type) => type.name));
	const context = await browser.newContext({
		viewport: { width: 1440, height: 900 },
		locale: 'en-US',
		timezoneId: 'UTC',
	});
	const page = await context.newPage();
	page.setDefaultTimeout(WAIT);
	await page.goto(`${n8nUrl}/signin`);
	await page.locator('input[name="emailOrLdapLoginId"]').fill(owner.email);
	await page.locator('input[name="password"]').fill(owner.password);
	await page.locator(byTest('form-submit-button')).click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: WAIT });

	if (earlierWorkflowId) {
		await step(
			page,
			'earlier-workflow',
			'a workflow saved under the earlier npm start (types CUSTOM.*) opens with every node known',
			async () => {
				const saved = (await session.get(`/rest/workflows/${earlierWorkflowId}`)).data;
				const custom = saved.nodes.filter((node) => node.type.startsWith('CUSTOM.'));
				if (custom.length)
					throw new Error(`still typed CUSTOM.*: ${custom.map((node) => node.name).join(', ')}`);
				await page.goto(`${n8nUrl}/workflow/${earlierWorkflowId}`);
				await untilDrawn(page, saved);
				const { unknown } = await unknownNodes(page, knownTypes);
				if (unknown.length)
					throw new Error(
						`unknown nodes: ${unknown.map((node) => `${node.name} (${node.type})`).join(', ')}`,
					);
			},
		);
	}

	const files = fs
		.readdirSync(examplesDir)
		.filter((name) => name.endsWith('.json'))
		.sort();
	for (const file of files) {
		const workflow = JSON.parse(fs.readFileSync(path.join(examplesDir, file), 'utf8'));
		const shot = `example-${path.basename(file, '.json')}.png`;
		let workflowId;
		await step(
			page,
			`import-${file}`,
			`${file} imports through Import › From file with every node known (${workflow.nodes.length} nodes)`,
			async () => {
				await importFromFile(page, path.join(examplesDir, file));
				await untilDrawn(page, workflow);
				workflowId = /\/workflow\/([^/?#]+)/.exec(page.url())?.[1];
				const { count, unknown } = await unknownNodes(page, knownTypes);
				const wanted = workflow.nodes.filter(
					(node) => node.type !== 'n8n-nodes-base.stickyNote',
				).length;
				if (count !== wanted)
					throw new Error(`${count} nodes on the canvas, the file has ${wanted}`);
				if (unknown.length)
					throw new Error(
						`unknown nodes ("?"): ${unknown.map((node) => `${node.name} (${node.type})`).join(', ')}`,
					);
				// The README calls the notes green: n8n 2.40 draws colour 4 so (its default, 1, is not yellow either).
				const main = workflow.nodes.find((node) => node.name === 'How This Works');
				if (main) {
					const heading = main.parameters.content.split('\n')[0].replace(/^#+\s*/, '');
					// Found by the heading up to its first apostrophe: the note's Markdown may draw ' as ’.
					const color = await page
						.locator('.n8n-sticky')
						.filter({ hasText: heading.split(/['’]/)[0] })
						.first()
						.evaluate((e) => getComputedStyle(e).backgroundColor);
					const hue = hueOf(color);
					if (!(hue > 120 && hue < 170))
						throw new Error(`the note "${heading}" is drawn ${color} (hue ${hue}), not green`);
				}
			},
		);
		const run = RUNS[file];
		let mail;
		if (!run) {
			say(`${file}: no run step for it yet; imported only`);
			await page.screenshot({ path: path.join(shotsDir, shot) });
			continue;
		}
		await step(page, `run-${file}`, `${file} runs in the n8n of npm start`, async () => {
			const result = await run(page, { session, workflowId });
			await page
				.locator(byTest('zoom-to-fit'))
				.click()
				.catch(() => {});
			await page.waitForTimeout(500);
			await page.screenshot({ path: path.join(shotsDir, shot) });
			if (result?.html) mail = result;
		});
		if (RUNS[`${file}/mail`]) {
			await step(
				page,
				`mail-${file}`,
				`${file}: its e-mail reads on the mail page npm start printed, with both tables`,
				async () => {
					if (!mail) throw new Error('no e-mail arrived to read');
					await RUNS[`${file}/mail`](page, { mail });
				},
			);
		}
	}
} finally {
	await browser.close();
}
process.exitCode = failureCount() > 0 ? 1 : 0;
