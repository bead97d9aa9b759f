// The browser test's steps (scripts/browser-test.sh): n8n's editor in Debian's chromium, driven
// by playwright-core, as an office user works in it. Each step prints "ok - …" / "not ok - …";
// a failed step leaves a screenshot named after it (not-ok-*.png) in the screenshots folder.
//
//   node editor.mjs <n8n url> <sandbox url> <mail dir> <chromium path> <screenshots dir> <examples dir>
// (env OWNER_EMAIL, OWNER_PASSWORD: the owner account, set up through n8n's REST API first.)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { check, editorSession, failureCount, NODE_NAMES } from '../install-test/checks.mjs';
import { readMail } from '../e2e/mail.mjs';

const [n8nUrl, sandboxUrl, mailDir, browserPath, shotsDir, examplesDir] = process.argv.slice(2);
const owner = { email: process.env.OWNER_EMAIL, password: process.env.OWNER_PASSWORD };
// Generous: the editor and n8n share two busy cores with other work.
const WAIT = 60_000;
const PACKAGE = 'n8n-nodes-estate-broker';

const byTest = (id) => `[data-test-id="${id}"]`;
const searchBar = (page) => page.getByPlaceholder('Search nodes...');
const say = (line) => console.log(`# ${line}`);

async function step(page, name, what, run) {
	say(what);
	try {
		const result = await run();
		check(what, result !== false, 'the step returned false');
	} catch (error) {
		check(what, false, String(error.message).split('\n').slice(0, 4).join(' '));
		await page.screenshot({ path: path.join(shotsDir, `not-ok-${name}.png`) }).catch(() => {});
	}
}

/** Types into n8n's node creator and picks the first hit with this exact name. */
async function addNode(page, search, name, { panelOpen = false } = {}) {
	const bar = searchBar(page);
	if (!panelOpen) await page.locator(byTest('node-creator-plus-button')).first().click();
	await bar.waitFor({ timeout: WAIT });
	await bar.fill(search);
	await page.locator(byTest('node-creator-item-name'), { hasText: name }).first().click({ timeout: WAIT });
}

/** n8n's one-time hints ("Press N to browse nodes") cover part of the screen: close them for the screenshots. */
async function dismissTips(page) {
	for (const button of await page.getByRole('button', { name: 'Got it' }).all()) await button.click().catch(() => {});
}

/** What the sandbox serves the demo user, to compare with what the editor shows. */
async function sandboxGet(route) {
	const res = await fetch(`${sandboxUrl}${route}`, {
		headers: { authorization: `Basic ${Buffer.from('demo:demo-password').toString('base64')}`, 'x-api-key': 'demo-api-key' },
	});
	if (!res.ok) throw new Error(`sandbox GET ${route} answered ${res.status}`);
	return await res.json();
}
const sandboxCategories = () => sandboxGet('/Category/GetCategories?customerId=M30011');
/** A person of the office, as the service has it. */
async function somePerson() {
	const list = await sandboxGet('/CRM/Contact/M30011?criteria.maxSize=5');
	return await sandboxGet(`/CRM/Contact/M30011/Person/${list.persons[0].id}`);
}

const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
try {
	// The owner account exists before the browser comes (as `npm start` sets it up).
	const session = await editorSession(n8nUrl, owner.email, owner.password);
	// The names the panel shows: the nodes' display names, a trigger's without " Trigger" (as n8n lists it).
	const types = await session.get('/types/nodes.json');
	const displayNames = NODE_NAMES.map((name) => types.find((type) => type.name === `${PACKAGE}.${name}`)?.displayName ?? name).map((name) => name.replace(/ Trigger$/, ''));
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
	const page = await context.newPage();
	page.setDefaultTimeout(WAIT);

	await step(page, 'login', 'log in to the editor as the owner', async () => {
		await page.goto(`${n8nUrl}/signin`);
		await page.locator('input[name="emailOrLdapLoginId"]').fill(owner.email);
		await page.locator('input[name="password"]').fill(owner.password);
		await page.locator(byTest('form-submit-button')).click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: WAIT });
	});

	await step(page, 'node-panel', 'the node panel lists all seven Estate Broker nodes', async () => {
		await page.goto(`${n8nUrl}/workflow/new`);
		await page.locator(byTest('canvas-add-button')).first().click();
		await searchBar(page).fill('Estate Broker');
		const names = page.locator(byTest('node-creator-item-name'));
		await names.first().waitFor();
		await page.waitForTimeout(500);
		const listed = await names.allInnerTexts();
		await page.screenshot({ path: path.join(shotsDir, 'node-panel.png') });
		const missing = displayNames.filter((name) => !listed.some((text) => text.trim() === name));
		if (missing.length) throw new Error(`missing: ${missing.join(', ')}; listed: ${listed.join(', ')}`);
	});

	await step(page, 'credential', 'the sandbox credential opens and its connection test succeeds', async () => {
		await page.goto(`${n8nUrl}/home/credentials`);
		await page.getByText('Estate Broker Sandbox', { exact: true }).first().click();
		await page.locator(byTest('credential-save-button')).click();
		await page.locator(byTest('credentials-config-container-test-success')).waitFor();
		await page.screenshot({ path: path.join(shotsDir, 'credential-test.png') });
		await page.keyboard.press('Escape');
	});

	await step(page, 'execute-step', 'a Contacts node (Get many categories) executes as a step and shows its output', async () => {
		await page.goto(`${n8nUrl}/workflow/new`);
		await page.locator(byTest('canvas-add-button')).first().click();
		await addNode(page, 'Estate Broker Contacts', 'Estate Broker Contacts', { panelOpen: true });
		await page.getByText('Get many categories', { exact: true }).first().click();
		await page.locator(byTest('ndv')).waitFor();
		await page.locator(byTest('node-execute-button')).first().click();
		// The output panel counts the items: one per category the service has.
		const categories = await sandboxCategories();
		const wanted = categories.personCategories.length + categories.companyCategories.length;
		await page.getByText(`${wanted} items`, { exact: true }).last().waitFor();
		await page.getByRole('cell', { name: categories.personCategories[0].name, exact: true }).first().waitFor();
		await dismissTips(page);
		await page.screenshot({ path: path.join(shotsDir, 'execute-step.png') });
		await page.locator(byTest('ndv-close-button')).first().click();
	});

	await step(page, 'dropdown', "a Contacts node's Category dropdown loads the categories from the service", async () => {
		const wanted = (await sandboxCategories()).personCategories.map((category) => category.name);
		await addNode(page, 'Estate Broker Contacts', 'Estate Broker Contacts');
		await page.getByText('Create or update a person', { exact: true }).first().click();
		await page.locator(byTest('ndv')).waitFor();
		await page.locator(byTest('collection-parameter-add')).first().click();
		await page.getByRole('option', { name: 'Category Names or IDs' }).click();
		// The select stays disabled while its options load from the service.
		const select = page.locator(byTest('parameter-input-categoryIds'));
		await select.locator('input.el-input__inner:not([disabled])').waitFor();
		await select.locator('.select-trigger').first().click();
		await page.locator('.el-select-dropdown__item', { hasText: wanted[0] }).first().waitFor();
		const shown = await page.locator('.el-select-dropdown__item').allInnerTexts();
		await page.screenshot({ path: path.join(shotsDir, 'dropdown.png') });
		await page.keyboard.press('Escape');
		const missing = wanted.filter((name) => !shown.some((text) => text.includes(name)));
		if (missing.length) throw new Error(`categories missing from the dropdown: ${missing.join(', ')}`);
		await page.locator(byTest('ndv-close-button')).first().click();
	});

	await step(page, 'picker', 'a Contacts node picks a person by typing part of the name (record picker, From list)', async () => {
		const person = await somePerson();
		// Part of the name: the family name alone (five letters or more go to the service's search).
		const part = person.lastName;
		await addNode(page, 'Estate Broker Contacts', 'Estate Broker Contacts');
		await page.getByText('Get a person', { exact: true }).first().click();
		await page.locator(byTest('ndv')).waitFor();
		await page.locator(byTest('rlc-input')).first().click();
		await page.getByPlaceholder('Search...', { exact: true }).first().fill(part);
		const wanted = `${person.firstName} ${person.lastName}`;
		const item = page.locator(byTest('rlc-item'), { hasText: wanted }).first();
		await item.waitFor();
		await dismissTips(page);
		await page.screenshot({ path: path.join(shotsDir, 'contact-picker.png') });
		await item.click();
		const picked = await page.locator(byTest('rlc-input')).first().inputValue();
		await page.locator(byTest('ndv-close-button')).first().click();
		if (!picked.includes(person.firstName) && !picked.includes(person.id)) throw new Error(`the picker shows "${picked}" after picking ${wanted} (${person.id})`);
	});

	await step(page, 'trigger', 'Fetch Test Event on the Estate Broker Trigger (New Bid) shows a bid of the office', async () => {
		await page.goto(`${n8nUrl}/workflow/new`);
		await page.locator(byTest('canvas-add-button')).first().click();
		await searchBar(page).fill('Estate Broker');
		await page.locator(byTest('node-creator-item-name')).getByText('Estate Broker', { exact: true }).first().click();
		await page.getByText('On new bid', { exact: true }).first().click();
		await page.locator(byTest('ndv')).waitFor();
		await page.getByRole('button', { name: /Fetch Test Event/i }).first().click();
		const bids = await sandboxGet('/CRM/Bids/M30011');
		await page.getByRole('cell', { name: bids[0].id, exact: true }).first().waitFor();
		await dismissTips(page);
		await page.screenshot({ path: path.join(shotsDir, 'trigger-test-event.png') });
		await page.locator(byTest('ndv-close-button')).first().click();
	});

	await step(page, 'example', 'the weekly report example imports from its file, runs from the editor and its e-mail arrives', async () => {
		const before = readMail(mailDir).length;
		await page.goto(`${n8nUrl}/workflow/new`);
		await page.locator(byTest('workflow-import-input')).setInputFiles(path.join(examplesDir, 'scheduled-report.json'));
		await page.getByText('Send the Report', { exact: true }).first().waitFor();
		await page.locator(byTest('zoom-to-fit')).click().catch(() => {});
		await page.locator(byTest('execute-workflow-button')).first().click();
		let mail = [];
		for (let i = 0; i < 120 && mail.length === 0; i++) {
			await page.waitForTimeout(1000);
			mail = readMail(mailDir).slice(before);
		}
		if (mail.length !== 1) throw new Error(`${mail.length} e-mails arrived`);
		await page.locator(byTest('canvas-node-status-success')).nth(7).waitFor();
		await dismissTips(page);
		await page.screenshot({ path: path.join(shotsDir, 'example-report-run.png') });
		const email = await context.newPage();
		await email.setViewportSize({ width: 900, height: 700 });
		await email.setContent(`<html><body style="font-family:sans-serif;margin:24px"><p style="color:#555">To: ${mail[0].to.join(', ')}<br>Subject: <b>${mail[0].subject}</b></p>${mail[0].html}</body></html>`);
		await email.screenshot({ path: path.join(shotsDir, 'report-email.png'), fullPage: true });
		await email.close();
	});

	await step(page, 'lead-example', 'the lead-routing example imports with its notes and no missing node', async () => {
		await page.goto(`${n8nUrl}/workflow/new`);
		await page.locator(byTest('workflow-import-input')).setInputFiles(path.join(examplesDir, 'lead-routing.json'));
		await page.getByText('E-mail the Agent', { exact: true }).first().waitFor();
		await page.getByText('Route every new lead to its agent').first().waitFor();
		await page.locator(byTest('zoom-to-fit')).click().catch(() => {});
		await page.waitForTimeout(500);
		await dismissTips(page);
		await page.screenshot({ path: path.join(shotsDir, 'example-lead-routing.png') });
		if (await page.getByText(/Install this node|not installed|unknown node/i).count()) throw new Error('a node of the example is missing');
	});
}
finally {
	await browser.close();
}
process.exitCode = failureCount() > 0 ? 1 : 0;
