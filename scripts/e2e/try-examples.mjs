// "Try the examples": a page of `npm start` beside the mail page, with one button per example
// that makes the sandbox (or the office's web form, mailing tool, spreadsheet) do what starts it,
// so each example can be run by hand and followed to its last node. Each button is a POST that
// a command can send as well: `curl -X POST http://127.0.0.1:8025/try/new-listing` answers in
// plain text.
//   GET  /try                  the page
//   POST /try/<story>          lead, opt-out-file, opt-out-webhook, web-form, new-listing, contact-merge,
//                              sold, price-lowered
// A webhook is called on the editor's test URL first (the workflow open, Execute workflow
// pressed), then on its production URL (the workflow published). The notification examples get
// a sandbox subscription for both URLs, made on the first press (the sandbox keeps them in
// memory), with the secret of `npm start`'s notification secret credential, read from its file
// and never shown.
import fs from 'node:fs';
import path from 'node:path';

import { escape, page } from './mail-page.mjs';

/** The office of `npm start`'s sandbox credential (scripts/community-package.sh): the examples act there. */
const OFFICE = 'M30011';

/** What each button does and where to look, in the order of the README's examples. */
const STORIES = [
	{
		id: 'lead',
		workflow: 'lead-routing.json',
		title: 'A new lead',
		button: 'Make a new lead',
		how: 'Someone registers interest in one of the office’s estates (an interest application, with its lead). Then, in <b>Estate Broker example: route new leads to their agent</b>, press <b>Execute workflow</b>: its trigger fetches the newest lead, books a call in the agent’s calendar and e-mails the agent (see <a href="/">Mail</a>).',
	},
	{
		id: 'report',
		workflow: 'scheduled-report.json',
		title: 'The weekly report',
		how: 'Nothing to set off: in <b>Estate Broker example: weekly report e-mail</b>, choose <i>Send One Now</i> under the arrow beside <b>Execute workflow</b> and press it. The e-mail with its two tables arrives on the <a href="/">Mail</a> page. Published, it sends one every Monday at 07:00 Stockholm time.',
	},
	{
		id: 'opt-out-file',
		workflow: 'opt-out-sync.json',
		title: 'Opt-outs from a spreadsheet',
		button: 'Write opt-outs.csv',
		how: 'Writes <code>opt-outs.csv</code> into n8n’s files folder: two active mailings of the office and one unknown ID. Then, in <b>Estate Broker example: sync opt-outs from the mailing tool</b>, choose <i>Run With the Spreadsheet</i> under the arrow beside <b>Execute workflow</b> and press it: the <b>Summary</b> shows two opted out and one failed, with the reason.',
	},
	{
		id: 'opt-out-webhook',
		workflow: 'opt-out-sync.json',
		title: 'Opt-outs from the mailing tool',
		button: 'Send opt-outs to the webhook',
		how: 'In <b>Estate Broker example: sync opt-outs from the mailing tool</b>, press <b>Execute workflow</b> (<i>Opt-Outs From the Mailing Tool</i>) so the editor listens, then press the button: it posts two contact order IDs as the mailing tool would, and shows the <b>Summary</b> the webhook answers.',
	},
	{
		id: 'web-form',
		workflow: 'web-form-interest.json',
		title: 'The web form',
		button: 'Send the web form',
		how: 'In <b>Estate Broker example: interest applications from a web form, with UTM tags</b>, press <b>Execute workflow</b> so the editor listens, then press the button: it posts the form of an estate page with <code>utm_*</code> tags, as your site would, and shows the answer.',
	},
	{
		id: 'new-listing',
		workflow: 'new-listing.json',
		title: 'A new listing',
		button: 'Publish an estate for sale',
		how: 'In <b>Estate Broker example: post new listings to the office’s channel</b>, press <b>Execute workflow</b> so the editor listens (or publish the workflow), then press the button: a broker takes a new estate For Sale and puts it on the website at once, and the sandbox notifies n8n (each press another estate). The channel’s message, with the estate’s address, price and main picture, shows under <a href="/posted">Posted messages</a>.',
	},
	{
		id: 'sold',
		workflow: 'listing-sold.json',
		title: 'An estate sold',
		button: 'Mark an estate Sold',
		how: 'A broker marks one of the office’s estates on the website <b>Sold</b>, at its highest bid. In <b>Estate Broker example: post sold estates to the office’s channel</b>, press <b>Execute workflow</b> (its test event is the estate changed last), or publish the workflow and wait for its next poll (a minute). The channel’s “Sold” message, with the final price, shows under <a href="/posted">Posted messages</a>. Each press sells another estate.',
	},
	{
		id: 'price-lowered',
		workflow: 'price-lowered.json',
		title: 'A price lowered',
		button: 'Lower a price',
		how: 'A broker lowers the asking price of one of the office’s estates on the website by about 5 %. In <b>Estate Broker example: e-mail the agent when a price is lowered</b>, press <b>Execute workflow</b> (a test event: the estate changed last, without the old price), or publish the workflow and wait for its next poll (a minute): the estate’s agent gets the old and the new price on the <a href="/">Mail</a> page. Each press lowers the price again.',
	},
	{
		id: 'contact-merge',
		workflow: 'contact-merges.json',
		title: 'Two contacts merged',
		button: 'Merge two contacts',
		how: 'In <b>Estate Broker example: keep the mailing tool’s contacts when contacts merge</b>, press <b>Execute workflow</b> so the editor listens (or publish the workflow), then press the button: two new persons of the office are merged (the mailing tool has a subscriber carrying the merged one’s ID) and the sandbox notifies n8n. The mailing tool’s call shows under <a href="/posted">Posted messages</a>.',
	},
];

const text = (html) =>
	html
		.replace(/<[^>]+>/g, '')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');

export function createTryExamples({
	sandboxUrl,
	n8nUrl,
	secretFile,
	filesDir,
	examplesDir,
	posted,
}) {
	const workflow = (file) => JSON.parse(fs.readFileSync(path.join(examplesDir, file), 'utf8'));
	const nodeOfType = (file, type) => workflow(file).nodes.find((node) => node.type === type);

	async function control(method, route, body) {
		const response = await fetch(`${sandboxUrl}/__sandbox${route}`, {
			method,
			headers: body ? { 'content-type': 'application/json' } : {},
			body: body ? JSON.stringify(body) : undefined,
		});
		const answer = await response.text();
		if (!response.ok)
			throw new Error(`the sandbox answered ${method} ${route} with ${response.status}: ${answer}`);
		return answer ? JSON.parse(answer) : undefined;
	}

	/** Posts to a webhook of n8n: its test URL (the editor listening), else its production URL (published). */
	async function postWebhook(webhookPath, body) {
		for (const [kind, prefix] of [
			['the editor’s test URL', 'webhook-test'],
			['the production URL', 'webhook'],
		]) {
			const response = await fetch(`${n8nUrl}/${prefix}/${webhookPath}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			}).catch(() => {
				throw new Error(`n8n does not answer at ${n8nUrl}: is npm start still running?`);
			});
			const answer = await response.text();
			if (response.status !== 404) return { kind, status: response.status, answer };
		}
		return undefined;
	}

	const notListening =
		'n8n is not listening on this webhook: open the workflow, press <b>Execute workflow</b> (or publish the workflow), then press the button again.';

	/** The notification trigger's two URLs, each with a subscription of the sandbox; answers their ids. */
	async function subscriptions(file, name, filter) {
		const trigger = nodeOfType(file, 'n8n-nodes-estate-broker.estateBrokerNotificationTrigger');
		const secret = fs.readFileSync(secretFile, 'utf8').trim();
		const existing = await control('GET', '/subscriptions');
		const ids = {};
		for (const [kind, prefix] of [
			['the editor’s test URL', 'webhook-test'],
			['the production URL', 'webhook'],
		]) {
			const url = `${n8nUrl}/${prefix}/${trigger.webhookId}/notification?secret=${encodeURIComponent(secret)}`;
			const found = existing.find((subscription) => subscription.url === url);
			const id =
				found?.id ??
				(
					await control('POST', '/subscriptions', {
						name: `${name} (${prefix})`,
						url,
						customerId: OFFICE,
						timeoutMs: 30_000,
						...filter,
					})
				).id;
			ids[id] = kind;
		}
		return ids;
	}

	/**
	 * What the sandbox's notifications of a change did, once delivered: where n8n took it (the
	 * other URL, not listening, is not mentioned then); when n8n took it nowhere, a line per URL
	 * and what to do.
	 */
	async function delivered(ids, before) {
		const { deliveries } = await control('GET', '/deliveries?settled=true');
		const ours = deliveries.slice(before).filter((d) => ids[d.subscriptionId]);
		const reached = ours.filter((d) => d.outcome === 'delivered');
		if (reached.length)
			return `<p>The sandbox notified n8n: ${escape(reached.map((d) => `${ids[d.subscriptionId]} answered ${d.status}`).join('; '))}.</p>`;
		const lines = ours.map(
			(d) =>
				`${ids[d.subscriptionId]}: ${d.status ? `answered ${d.status}` : d.outcome === 'failed' ? 'no answer (is n8n running?)' : d.outcome}${d.status === 404 ? ' (not listening)' : ''}`,
		);
		return `<p>The sandbox notified n8n: ${escape(lines.join('; ') || 'nothing was sent')}.</p><p class="no">${notListening}</p>`;
	}

	const deliveriesSoFar = async () =>
		(await control('GET', '/deliveries?settled=true')).deliveries.length;

	/** The office's estates on the website For Sale, the one changed longest ago first. */
	const forSaleOnWebsite = async () =>
		(await control('GET', '/estates'))
			.filter((e) => e.customerId === OFFICE && e.isPublished && e.status === 'ForSale')
			.sort((a, b) => a.changedAt.localeCompare(b.changedAt) || a.id.localeCompare(b.id));
	const kronor = (amount) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} SEK`;
	const pollNote =
		'<p>Press <b>Execute workflow</b> in the example now (its test event is the estate changed last), or, with the workflow published, its next poll (within a minute) starts it with <code>changes</code> holding the old and the new value.</p>';

	const actions = {
		async sold() {
			const [estate] = await forSaleOnWebsite();
			if (!estate) {
				// None left For Sale: one the office sold goes back For Sale, for a poll to see before it is sold again.
				const relisted = (await control('GET', '/estates')).find(
					(e) => e.customerId === OFFICE && e.isPublished && e.status === 'Sold',
				);
				if (!relisted)
					return '<p class="no">The office has no estate on the website to sell: restart <code>npm start</code> for a fresh sandbox.</p>';
				await control('POST', '/listings/status', { estateId: relisted.id, status: 'ForSale' });
				return `<p class="no">No estate of the office was For Sale on the website: estate ${escape(relisted.id)} is For Sale again. Press the button again after the workflow’s next poll (a minute) to sell it.</p>`;
			}
			const sold = await control('POST', '/listings/status', {
				estateId: estate.id,
				status: 'Sold',
			});
			return `<p class="ok">Estate ${escape(sold.estateId)} (${escape(estate.type)}) is Sold, at a final price of ${escape(kronor(sold.finalPrice))}.</p>${pollNote}<p>The channel’s message: <a href="/posted">Posted messages</a>.</p>`;
		},
		async 'price-lowered'() {
			const [estate] = await forSaleOnWebsite();
			if (!estate)
				return '<p class="no">The office has no estate For Sale on the website: press <b>Publish an estate for sale</b> first.</p>';
			const lowered = await control('POST', '/listings/lower-price', { estateId: estate.id });
			return `<p class="ok">Estate ${escape(lowered.estateId)} (${escape(estate.type)}): its asking price went from ${escape(kronor(lowered.previousPrice))} to ${escape(kronor(lowered.startingPrice))}.</p>${pollNote}<p>The agent’s e-mail: <a href="/">Mail</a>.</p>`;
		},
		async lead() {
			const round = await control('POST', '/activity', {
				interestApplications: 1,
				customerId: OFFICE,
			});
			return `<p class="ok">Interest application ${escape(round.interestApplications[0])} came in, with lead ${escape(round.leads[0])} (person ${escape([...round.contacts.created, ...round.contacts.changed][0] ?? '?')}).</p><p>Now press <b>Execute workflow</b> in the lead-routing example: its trigger fetches the newest lead.</p>`;
		},
		async 'opt-out-file'() {
			const orders = (await control('GET', '/contactOrders')).filter(
				(order) => order.customerId === OFFICE && order.active,
			);
			const ids = [...orders.slice(0, 2).map((order) => order.id), 'CO99999'];
			fs.mkdirSync(filesDir, { recursive: true });
			const file = path.join(filesDir, 'opt-outs.csv');
			fs.writeFileSync(file, `contactOrderId\n${ids.join('\n')}\n`);
			const others = fs
				.readdirSync(filesDir)
				.filter((name) => /^opt-outs\./.test(name) && name !== 'opt-outs.csv');
			return `<p class="ok">Wrote ${escape(file)}: ${escape(ids.join(', '))} (the last one unknown, to show a failure).</p>${others.length ? `<p class="no">The folder also holds ${escape(others.join(', '))}: the workflow reads every opt-outs.* file.</p>` : ''}<p>Now choose <i>Run With the Spreadsheet</i> and press <b>Execute workflow</b> in the opt-out example.</p>`;
		},
		async 'opt-out-webhook'() {
			const orders = (await control('GET', '/contactOrders')).filter(
				(order) => order.customerId === OFFICE && order.active,
			);
			const ids = orders.slice(0, 2).map((order) => order.id);
			const webhook = nodeOfType('opt-out-sync.json', 'n8n-nodes-base.webhook');
			const result = await postWebhook(webhook.parameters.path, { contactOrderIds: ids });
			if (!result) return `<p class="no">${notListening}</p>`;
			return `<p class="${result.status < 300 ? 'ok' : 'no'}">Posted {"contactOrderIds": ${escape(JSON.stringify(ids))}} to ${escape(result.kind)}: it answered ${result.status}.</p><pre>${escape(result.answer)}</pre>`;
		},
		async 'web-form'() {
			const estate = (await control('GET', '/estates')).find(
				(e) => e.customerId === OFFICE && e.status === 'ForSale',
			);
			const pageUrl = `https://www.office.example/estates/${estate.id}?utm_source=newsletter&utm_medium=email&utm_campaign=autumn`;
			const form = {
				estateId: estate.id,
				firstName: 'Ingrid',
				lastName: 'Berg',
				email: `ingrid.berg.${Date.now()}@mail.example`,
				phone: '070-123 45 67',
				message: 'Can I see it on Sunday?',
				pageUrl,
				referrer: 'https://www.office.example/',
			};
			const webhook = nodeOfType('web-form-interest.json', 'n8n-nodes-base.webhook');
			const result = await postWebhook(webhook.parameters.path, form);
			if (!result) return `<p class="no">${notListening}</p>`;
			return `<p class="${result.status < 300 ? 'ok' : 'no'}">Posted the form for estate ${escape(estate.id)} (page ${escape(pageUrl)}) to ${escape(result.kind)}: it answered ${result.status}.</p><pre>${escape(result.answer)}</pre>`;
		},
		async 'new-listing'() {
			const ids = await subscriptions('new-listing.json', 'npm start: new listings', {
				targets: ['Estate'],
			});
			// A new estate of the office each press (the example posts each estate once only), put
			// on the website as it is made: one change, so one notification and one execution.
			const before = await deliveriesSoFar();
			const { estateId } = await control('POST', '/listings/new', {
				customerId: OFFICE,
				publish: true,
			});
			return `<p class="ok">Estate ${escape(estateId)} (Condominium, For Sale), a new assignment of the office, is on the website now.</p>${await delivered(ids, before)}<p>The channel’s message: <a href="/posted">Posted messages</a>.</p>`;
		},
		async 'contact-merge'() {
			const ids = await subscriptions('contact-merges.json', 'npm start: contact merges', {
				targets: ['Merge'],
			});
			const round = await control('POST', '/activity', {
				interestApplications: 2,
				customerId: OFFICE,
			});
			const [keep, merged] = round.contacts.created;
			if (!keep || !merged)
				throw new Error(
					`two new persons were expected, the sandbox answered ${JSON.stringify(round.contacts)}`,
				);
			posted.addSubscriber({
				email: `subscriber.${merged.toLowerCase()}@mail.example`,
				externalId: merged,
			});
			const before = await deliveriesSoFar();
			await control('POST', '/merge', { keep, merge: [merged] });
			return `<p class="ok">Person ${escape(merged)} was merged into ${escape(keep)} (the mailing tool has a subscriber carrying ${escape(merged)}).</p>${await delivered(ids, before)}<p>The mailing tool’s call: <a href="/posted">Posted messages</a>.</p>`;
		},
	};

	function tryPage(host, result) {
		const sections = STORIES.map(
			(story) =>
				`<tr><td><b>${escape(story.title)}</b><br><code>examples/${escape(story.workflow)}</code></td><td>${story.how}</td><td>${story.button ? `<form method="post" action="/try/${story.id}"><button type="submit">${escape(story.button)}</button></form>` : ''}</td></tr>`,
		);
		return page(
			'Try the examples',
			`<h1>Try the examples</h1>${result ? `<div id="result">${result}</div>` : ''}<p class="head">The ${new Set(STORIES.map((s) => s.workflow)).size} examples are in n8n’s editor (<a href="${escape(n8nUrl)}/home/workflows">Overview</a>), not published. Each button makes happen what starts one, in the sandbox’s office ${OFFICE}; from a terminal: <code>curl -X POST http://${escape(host)}/try/&lt;name&gt;</code> (the names: ${STORIES.filter(
				(s) => s.button,
			)
				.map((s) => `<code>${s.id}</code>`)
				.join(', ')}).</p>
<table><tr><th>Example</th><th>What to do</th><th></th></tr>${sections.join('')}</table>`,
		);
	}

	return async function handle(request, response) {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		const send = (status, type, body) =>
			response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
		if (url.pathname === '/try' && request.method === 'GET') {
			send(200, 'text/html; charset=utf-8', tryPage(request.headers.host ?? '127.0.0.1:8025'));
			return true;
		}
		const story = /^\/try\/([\w-]+)$/.exec(url.pathname)?.[1];
		if (!story) return false;
		// A button of this page, or a command (no Origin): never another site the browser has open.
		const { host = '', origin } = request.headers;
		if (
			!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host) ||
			(origin && origin !== `http://${host}`)
		) {
			send(
				403,
				'text/plain; charset=utf-8',
				'Only this page or a command may set off the examples\n',
			);
			return true;
		}
		if (request.method !== 'POST' || !actions[story]) {
			send(
				404,
				'text/plain; charset=utf-8',
				`No such example to set off: POST /try/<${Object.keys(actions).join('|')}>\n`,
			);
			return true;
		}
		let result;
		let status = 200;
		try {
			result = await actions[story]();
		} catch (error) {
			status = 500;
			result = `<p class="no">${escape(error?.message ?? String(error))}</p>`;
		}
		if (/text\/html/.test(request.headers.accept ?? ''))
			send(status, 'text/html; charset=utf-8', tryPage(host, result));
		else send(status, 'text/plain; charset=utf-8', `${text(result.replace(/<\/p>/g, '\n'))}\n`);
		return true;
	};
}
