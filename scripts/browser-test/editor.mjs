// The browser test's steps (scripts/browser-test.sh): n8n's editor in Debian's chromium, driven
// by playwright-core, as an office user works in it. Each step prints "ok - …" / "not ok - …";
// a failed step leaves a screenshot named after it (not-ok-*.png) in the screenshots folder.
//
//   node editor.mjs <n8n url> <sandbox url> <chromium path> <screenshots dir>
// (The examples are imported and run in the n8n of `npm start` by examples.mjs.)
// (env OWNER_EMAIL, OWNER_PASSWORD: the owner account, set up through n8n's REST API first.)
import path from 'node:path';
import { chromium } from 'playwright-core';

import { browserStep } from './step.mjs';
import { check, editorSession, failureCount, NODE_NAMES } from '../install-test/checks.mjs';

const [n8nUrl, sandboxUrl, browserPath, shotsDir] = process.argv.slice(2);
const owner = { email: process.env.OWNER_EMAIL, password: process.env.OWNER_PASSWORD };
// Generous: the editor and n8n share two busy cores with other work.
const WAIT = 60_000;
const PACKAGE = 'n8n-nodes-estate-broker';

const byTest = (id) => `[data-test-id="${id}"]`;
const searchBar = (page) => page.getByPlaceholder('Search nodes...');
const say = (line) => console.log(`# ${line}`);

const step = browserStep(shotsDir);

/**
 * Opens n8n's node creator: from the "+" beside the canvas, or on an empty canvas (a fresh n8n,
 * a new workflow) from its "Add first step" button, whichever the editor shows.
 */
async function openNodeCreator(page) {
	await page
		.locator(
			`${byTest('node-creator-plus-button')}:visible, ${byTest('canvas-add-button')}:visible`,
		)
		.first()
		.click();
	await searchBar(page).waitFor({ timeout: WAIT });
}

/**
 * In a node's view of the node creator, opens its "Actions" section. On an empty canvas (a new
 * workflow) n8n shows "Triggers" expanded and "Actions" collapsed (its own e2e tests check this).
 */
async function expandActions(page) {
	const actions = page
		.locator(byTest('node-creator-category-item'))
		.filter({ hasText: /^Actions/ })
		.first();
	await actions.waitFor();
	if ((await actions.locator('..').getAttribute('data-category-collapsed')) === 'true')
		await actions.click();
}

/** Picks a node in the node creator and then one of its actions. */
async function pickAction(page, nodeName, action) {
	await page
		.locator(byTest('node-creator-item-name'), { hasText: nodeName })
		.first()
		.click({ timeout: WAIT });
	await expandActions(page);
	await page.locator(byTest('node-creator')).getByText(action, { exact: true }).first().click();
	await page.locator(byTest('ndv')).waitFor();
}

/** Adds a node by searching for it in the node creator and picking one of its actions. */
async function addNode(page, search, name, action) {
	await openNodeCreator(page);
	await searchBar(page).fill(search);
	await pickAction(page, name, action);
}

/** n8n's one-time hints ("Press N to browse nodes") cover part of the screen: close them for the screenshots. */
async function dismissTips(page) {
	for (const button of await page.getByRole('button', { name: 'Got it' }).all())
		await button.click().catch(() => {});
}

/** What the sandbox serves the demo user, to compare with what the editor shows. */
async function sandboxGet(route) {
	const res = await fetch(`${sandboxUrl}${route}`, {
		headers: {
			authorization: `Basic ${Buffer.from('demo:demo-password').toString('base64')}`,
			'x-api-key': 'demo-api-key',
		},
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

const browser = await chromium.launch({
	executablePath: browserPath,
	args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
try {
	// The owner account exists before the browser comes (as `npm start` sets it up).
	const session = await editorSession(n8nUrl, owner.email, owner.password);
	// The names the panel shows: the nodes' display names, a trigger's without " Trigger" (as n8n lists it).
	const types = await session.get('/types/nodes.json');
	const triggerName = types
		.find((type) => type.name === `${PACKAGE}.estateBrokerTrigger`)
		.displayName.replace(/ Trigger$/, '');
	const displayNames = NODE_NAMES.map(
		(name) => types.find((type) => type.name === `${PACKAGE}.${name}`)?.displayName ?? name,
	).map((name) => name.replace(/ Trigger$/, ''));
	const context = await browser.newContext({
		viewport: { width: 1440, height: 900 },
		locale: 'en-US',
		timezoneId: 'UTC',
	});
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
		await openNodeCreator(page);
		await searchBar(page).fill('Estate Broker');
		const names = page.locator(byTest('node-creator-item-name'));
		// The list fills in as the search runs: wait for each name (a missing one times out, then is named).
		for (const name of displayNames)
			await names
				.getByText(name, { exact: true })
				.first()
				.waitFor()
				.catch(() => {});
		const listed = await names.allInnerTexts();
		const missing = displayNames.filter((name) => !listed.some((text) => text.trim() === name));
		if (missing.length)
			throw new Error(`missing: ${missing.join(', ')}; listed: ${listed.join(', ')}`);
		await page.screenshot({ path: path.join(shotsDir, 'node-panel.png') });
		// The icons at the size the panel shows them, in n8n's light theme and (from the *.dark.svg) its dark one.
		const panel = page.locator(byTest('node-creator'));
		await panel.screenshot({ path: path.join(shotsDir, 'node-icons.png') });
		await page.emulateMedia({ colorScheme: 'dark' });
		// n8n follows the system's theme by default and then shows each node's *.dark.svg.
		await panel.locator('img[src*=".dark.svg"]').first().waitFor();
		await panel.screenshot({ path: path.join(shotsDir, 'node-icons-dark.png') });
		await page.emulateMedia({ colorScheme: 'light' });
	});

	await step(
		page,
		'node-triggers',
		"the node panel lists the Contacts area trigger's event under Estate Broker Contacts",
		async () => {
			await page.goto(`${n8nUrl}/workflow/new`);
			await openNodeCreator(page);
			await searchBar(page).fill('Estate Broker Contacts');
			await page
				.locator(byTest('node-creator-item-name'), { hasText: 'Estate Broker Contacts' })
				.first()
				.click();
			const creator = page.locator(byTest('node-creator'));
			await creator
				.locator(byTest('node-creator-category-item'))
				.filter({ hasText: /^Triggers/ })
				.first()
				.waitFor();
			// The event of EstateBrokerContactsTrigger, as n8n names it in the panel ("On " + the event).
			await creator.getByText('On new or changed contact', { exact: true }).first().waitFor();
			await expandActions(page);
			await creator.getByText('Get many categories', { exact: true }).first().waitFor();
			await dismissTips(page);
			await page.screenshot({ path: path.join(shotsDir, 'node-panel-contacts.png') });
			await page.keyboard.press('Escape');
		},
	);

	await step(
		page,
		'credential',
		'the sandbox credential opens and its connection test succeeds',
		async () => {
			await page.goto(`${n8nUrl}/home/credentials`);
			await page.getByText('Estate Broker Sandbox', { exact: true }).first().click();
			await page.locator(byTest('credential-save-button')).click();
			await page.locator(byTest('credentials-config-container-test-success')).waitFor();
			await page.screenshot({ path: path.join(shotsDir, 'credential-test.png') });
			await page.keyboard.press('Escape');
		},
	);

	await step(
		page,
		'execute-step',
		'a Contacts node (Get many categories) executes as a step and shows its output',
		async () => {
			await page.goto(`${n8nUrl}/workflow/new`);
			await addNode(
				page,
				'Estate Broker Contacts',
				'Estate Broker Contacts',
				'Get many categories',
			);
			await page.locator(byTest('node-execute-button')).first().click();
			// The output panel counts the items: one per category the service has.
			const categories = await sandboxCategories();
			const wanted = categories.personCategories.length + categories.companyCategories.length;
			await page.getByText(`${wanted} items`, { exact: true }).last().waitFor();
			await page
				.getByRole('cell', { name: categories.personCategories[0].name, exact: true })
				.first()
				.waitFor();
			await dismissTips(page);
			await page.screenshot({ path: path.join(shotsDir, 'execute-step.png') });
			await page.locator(byTest('ndv-close-button')).first().click();
		},
	);

	await step(
		page,
		'dropdown',
		"a Contacts node's Category dropdown loads the categories from the service",
		async () => {
			const wanted = (await sandboxCategories()).personCategories.map((category) => category.name);
			await page.goto(`${n8nUrl}/workflow/new`);
			await addNode(
				page,
				'Estate Broker Contacts',
				'Estate Broker Contacts',
				'Create or update a person',
			);
			await page.locator(byTest('collection-parameter-add')).first().click();
			await page.getByRole('option', { name: 'Category Names or IDs' }).click();
			// The select stays disabled while its options load from the service.
			const select = page.locator(byTest('parameter-input-categoryIds'));
			await select.locator('input.el-input__inner:not([disabled])').waitFor();
			await select.locator('.select-trigger').first().click();
			// Other selects of the panel keep their (hidden) option lists in the page: only the open one counts.
			const options = page.locator('.el-select-dropdown__item:visible');
			await options.filter({ hasText: wanted[0] }).first().waitFor();
			const shown = await options.allInnerTexts();
			await page.screenshot({ path: path.join(shotsDir, 'dropdown.png') });
			await page.keyboard.press('Escape');
			const missing = wanted.filter((name) => !shown.some((text) => text.includes(name)));
			if (missing.length)
				throw new Error(`categories missing from the dropdown: ${missing.join(', ')}`);
			await page.locator(byTest('ndv-close-button')).first().click();
		},
	);

	await step(
		page,
		'picker',
		'a Contacts node picks a person by typing part of the name (record picker, From list)',
		async () => {
			const person = await somePerson();
			// Part of the name: the family name alone (five letters or more go to the service's search).
			const part = person.lastName;
			await page.goto(`${n8nUrl}/workflow/new`);
			await addNode(
				page,
				'Estate Broker Contacts',
				'Estate Broker Contacts',
				'Get a person by contact ID',
			);
			await page.locator(byTest('rlc-input')).first().click();
			await page.getByPlaceholder('Search...', { exact: true }).first().fill(part);
			const wanted = `${person.firstName} ${person.lastName}`;
			const item = page.locator(byTest('rlc-item'), { hasText: wanted }).first();
			await item.waitFor();
			await dismissTips(page);
			await page.screenshot({ path: path.join(shotsDir, 'contact-picker.png') });
			await item.click();
			const picked = await page.locator(byTest('rlc-input')).first().inputValue();
			if (!picked.includes(wanted))
				throw new Error(`the picker shows "${picked}" after picking ${wanted} (${person.id})`);
			// The parameter holds the contact's id: running the step reads that person from the service.
			await page.locator(byTest('node-execute-button')).first().click();
			await page.getByText('1 item', { exact: true }).last().waitFor();
			await page.getByRole('cell', { name: person.id, exact: true }).first().waitFor();
			await page.locator(byTest('ndv-close-button')).first().click();
		},
	);

	await step(
		page,
		'trigger',
		`Fetch Test Event on the trigger listed as ${triggerName} (New Bid) shows a bid of the office`,
		async () => {
			await page.goto(`${n8nUrl}/workflow/new`);
			await openNodeCreator(page);
			await searchBar(page).fill('Estate Broker');
			await page
				.locator(byTest('node-creator-item-name'))
				.getByText(triggerName, { exact: true })
				.first()
				.click();
			await page.getByText('On new bid', { exact: true }).first().click();
			await page.locator(byTest('ndv')).waitFor();
			await page
				.getByRole('button', { name: /Fetch Test Event/i })
				.first()
				.click();
			const bids = await sandboxGet('/CRM/Bids/M30011');
			await page.getByRole('cell', { name: bids[0].id, exact: true }).first().waitFor();
			await dismissTips(page);
			await page.screenshot({ path: path.join(shotsDir, 'trigger-test-event.png') });
			await page.locator(byTest('ndv-close-button')).first().click();
		},
	);
} finally {
	await browser.close();
}
process.exitCode = failureCount() > 0 ? 1 : 0;
