// The listing examples as an office runs them (scripts/e2e.sh, story 9): examples/listing-sold.json
// and examples/price-lowered.json published from n8n's start, their Events Triggers polling the
// office's published estates every minute. A broker marks one estate Sold and lowers another's
// price (the sandbox's control calls); each workflow must start exactly once, with `changes`
// naming the field, old and new, and what reaches the office's channel (the posted messages)
// and the agent's mailbox (the SMTP receiver) must agree with the service's records, times in
// Stockholm's time with its offset. Each check prints "ok - …" / "not ok - …".
//
//   node listing-stories.mjs <n8n url> <sandbox url> <tools url> <mail dir>
//   node listing-stories.mjs expect-red     the checks of the post and the e-mail against wrong texts
import {
	check,
	editorSession,
	executionsOf,
	failureCount,
	nodeItems,
} from '../install-test/checks.mjs';
import { readMail } from './mail.mjs';
import { OFFICE, sandboxControl, serviceRead, waitFor } from './stories.mjs';

export const LISTING_WORKFLOWS = {
	sold: 'estExampleListingSold',
	priceLowered: 'estExamplePriceLowered',
};
const OWNER = {
	email: process.env.OWNER_EMAIL ?? 'owner@e2e.invalid',
	password: process.env.OWNER_PASSWORD ?? 'E2e-Owner-Pass-1',
};
const LOWERED_BY = 200_000;
const say = (line) => console.log(`# ${line}`);

/** 3950000 -> "3 950 000 SEK", as the examples write amounts. */
export const kronor = (amount) =>
	`${String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} SEK`;

/** An instant as a person in Stockholm reads it: "Sunday 29 November 2026, 10:15 Stockholm time (UTC+01:00)". */
export function stockholmWords(iso) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-GB', {
			timeZone: 'Europe/Stockholm',
			weekday: 'long',
			day: 'numeric',
			month: 'long',
			year: 'numeric',
			hour: '2-digit',
			minute: '2-digit',
			hourCycle: 'h23',
			timeZoneName: 'longOffset',
		})
			.formatToParts(new Date(iso))
			.map((part) => [part.type, part.value]),
	);
	const offset = parts.timeZoneName.replace('GMT', '') || '+00:00';
	return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} Stockholm time (UTC${offset})`;
}

/** Where the service says an estate is: "Storgatan 12, 114 35 Stockholm". */
const placeOf = (record) =>
	[
		record.address?.streetAddress,
		[record.address?.zipCode?.value ?? record.address?.zipCode, record.address?.postalTown]
			.filter(Boolean)
			.join(' '),
	]
		.filter(Boolean)
		.join(', ');

/** The lines the Sold post must hold, from the service's record of the estate and the sandbox's change time (UTC). */
export function soldLines(record, changedAt, askingBefore) {
	return [
		`Sold: ${placeOf(record)}`,
		`Final price: ${kronor(record.price.finalPrice)}`,
		`Was: For Sale, asking ${kronor(askingBefore)}`,
		`Sold as of ${stockholmWords(changedAt)}`,
		`Estate ${record.id}, office ${OFFICE}`,
	];
}

/** The lines the agent's e-mail must hold. */
export function loweredLines(record, agent, changedAt, before, percentGiven) {
	// The trigger's percentage (2 decimals, checked above), as the e-mail rounds it to one.
	const percent = Math.abs(percentGiven ?? (LOWERED_BY / before) * 100).toLocaleString('en', {
		maximumFractionDigits: 1,
	});
	return [
		`Hello ${agent.name},`,
		`The asking price of ${placeOf(record)} (estate ${record.id}) was lowered.`,
		`Old price: ${kronor(before)}`,
		`New price: ${kronor(before - LOWERED_BY)}`,
		`Lowered by: ${kronor(LOWERED_BY)} (${percent} %)`,
		`Changed: ${stockholmWords(changedAt)}`,
	];
}

const missing = (text, lines) => lines.filter((line) => !String(text ?? '').includes(line));

/** Checks a posted Sold message against its lines; false (and "not ok") when one is missing. */
export function checkSoldPost(messages, lines) {
	return check(
		`sold: one message on the office's channel, with the address, final price, status before and the time in Stockholm (${lines[0]})`,
		messages.length === 1 && missing(messages[0].text, lines).length === 0,
		`${messages.length} message(s); missing ${JSON.stringify(missing(messages[0]?.text, lines))} in ${JSON.stringify(messages[0]?.text)}`,
	);
}

/** Checks the agent's e-mail against its lines. */
export function checkLoweredMail(mail, agent, record, lines) {
	return check(
		`price lowered: one e-mail to the estate's primary agent ${agent.id} (${agent.emailAddress}), with the old and new price, the difference and the time in Stockholm`,
		mail.length === 1 &&
			mail[0].to.includes(agent.emailAddress) &&
			mail[0].subject === `Price lowered: ${placeOf(record)}` &&
			missing(mail[0].text, lines).length === 0,
		`${mail.length} e-mail(s) to ${JSON.stringify(mail.map((m) => m.to))}, subject ${JSON.stringify(mail[0]?.subject)}; missing ${JSON.stringify(missing(mail[0]?.text, lines))}`,
	);
}

async function listingStories(n8nUrl, sandboxUrl, toolsUrl, mailDir) {
	say(
		'story: an estate marked Sold and another one’s price lowered while examples/listing-sold.json and examples/price-lowered.json are published',
	);
	const session = await editorSession(n8nUrl, OWNER.email, OWNER.password);
	const listReads = async () =>
		(await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json()).filter(
			(r) => r.method === 'GET' && r.path === `/Advertising/Estate/${OFFICE}` && r.status === 200,
		).length;
	// Both triggers have taken their starting point (the first poll only remembers).
	const polled = await waitFor(async () => (await listReads()) >= 4 && (await listReads()));
	if (!check('listing triggers: both polled the estate list since activation', polled, 'no polls'))
		return;
	const runs = async (id) => executionsOf(session, id, { all: true, limit: 20 });
	const before = {
		sold: (await runs(LISTING_WORKFLOWS.sold)).length,
		lowered: (await runs(LISTING_WORKFLOWS.priceLowered)).length,
	};
	const posts = async () =>
		(await (await fetch(`${toolsUrl}/posted.json`)).json()).messages.filter(
			(m) => m.path === '/chat/hooks/office',
		);
	const postsBefore = (await posts()).length;
	const mailBefore = readMail(mailDir).length;

	const forSale = (await sandboxControl(sandboxUrl, 'GET', '/estates'))
		.filter((e) => e.customerId === OFFICE && e.isPublished && e.status === 'ForSale')
		.sort((a, b) => b.id.localeCompare(a.id));
	// The last two by id: the web-form story beside this one writes to the first estate For Sale.
	const [toSell, toLower] = forSale;
	if (!check('two estates of the office For Sale on the website', toLower, JSON.stringify(forSale)))
		return;
	const read = async (id) =>
		(await serviceRead(sandboxUrl, `/Advertising/Estate/${OFFICE}/${id}`)).json();
	const askingBefore = (await read(toSell.id)).price.startingPrice;
	const priceBefore = (await read(toLower.id)).price.startingPrice;
	const finalPrice = Math.round((askingBefore * 1.04) / 5000) * 5000;
	const sold = await sandboxControl(sandboxUrl, 'POST', '/listings/status', {
		estateId: toSell.id,
		status: 'Sold',
		finalPrice,
	});
	const lowered = await sandboxControl(sandboxUrl, 'POST', '/listings/lower-price', {
		estateId: toLower.id,
		by: LOWERED_BY,
	});
	say(
		`${toSell.id} Sold at ${kronor(finalPrice)} (asking ${kronor(askingBefore)}); ${toLower.id} lowered from ${kronor(priceBefore)} to ${kronor(lowered.startingPrice)}`,
	);
	const started = await waitFor(
		async () => {
			const [s, l] = await Promise.all([
				runs(LISTING_WORKFLOWS.sold),
				runs(LISTING_WORKFLOWS.priceLowered),
			]);
			const done = (list) => list.filter((e) => !['new', 'running', 'waiting'].includes(e.status));
			return done(s).length > before.sold && done(l).length > before.lowered;
		},
		{ seconds: 240 },
	);
	if (
		!check(
			'listing triggers: both workflows started after the changes',
			started,
			'none within 240 s',
		)
	)
		return;
	// Two more polls of each trigger must start nothing more.
	const readsThen = await listReads();
	await waitFor(async () => (await listReads()) >= readsThen + 4, { seconds: 200 });
	const soldRuns = (await runs(LISTING_WORKFLOWS.sold)).slice(0, -before.sold || undefined);
	const loweredRuns = (await runs(LISTING_WORKFLOWS.priceLowered)).slice(
		0,
		-before.lowered || undefined,
	);

	const soldItems = soldRuns.flatMap((run) => nodeItems(run.runData, 'Listing Sold'));
	check(
		`sold: exactly one execution, holding ${toSell.id} once, changes.status ForSale -> Sold, and it succeeded`,
		soldRuns.length === 1 &&
			soldRuns[0].status === 'success' &&
			soldItems.length === 1 &&
			soldItems[0].id === toSell.id &&
			soldItems[0].status === 'Sold' &&
			soldItems[0].changes?.status?.old === 'ForSale' &&
			soldItems[0].changes?.status?.new === 'Sold',
		`${soldRuns.length} run(s) ${soldRuns.map((r) => `${r.status} ${r.error?.message ?? ''}`).join('; ')}; items ${JSON.stringify(soldItems.map((i) => ({ id: i.id, status: i.status, changes: i.changes })))}`,
	);
	const soldRecord = await read(toSell.id);
	checkSoldPost(
		(await posts()).slice(postsBefore).map((m) => m.body),
		soldLines(soldRecord, sold.changedAt, askingBefore),
	);

	const loweredItems = loweredRuns.flatMap((run) => nodeItems(run.runData, 'Price Lowered'));
	const change = loweredItems[0]?.changes?.price;
	check(
		`price lowered: exactly one execution, holding ${toLower.id} once, changes.price ${priceBefore} -> ${priceBefore - LOWERED_BY} (difference ${LOWERED_BY}), and it succeeded`,
		loweredRuns.length === 1 &&
			loweredRuns[0].status === 'success' &&
			loweredItems.length === 1 &&
			loweredItems[0].id === toLower.id &&
			change?.old === priceBefore &&
			change?.new === priceBefore - LOWERED_BY &&
			Math.abs(change?.difference) === LOWERED_BY &&
			Math.abs(Math.abs(change?.percent) - (LOWERED_BY / priceBefore) * 100) < 0.01,
		`${loweredRuns.length} run(s) ${loweredRuns.map((r) => `${r.status} ${r.error?.message ?? ''}`).join('; ')}; items ${JSON.stringify(loweredItems.map((i) => ({ id: i.id, changes: i.changes })))}`,
	);
	const loweredRecord = await read(toLower.id);
	const agent = await (
		await serviceRead(sandboxUrl, `/Advertising/User/${OFFICE}/${loweredRecord.primaryAgentId}`)
	).json();
	// Only the price e-mails: lead routing e-mails agents too, for the web form's lead beside this story.
	checkLoweredMail(
		readMail(mailDir)
			.slice(mailBefore)
			.filter((m) => m.subject.startsWith('Price lowered:')),
		agent,
		loweredRecord,
		loweredLines(loweredRecord, agent, lowered.changedAt, priceBefore, change?.percent),
	);
}

/** The checks of the post and the e-mail, fed what a wrong example would send: each must say "not ok". */
function expectRed() {
	const record = {
		id: 'OBJ30011_0000000001',
		address: {
			streetAddress: 'Storgatan 12',
			zipCode: { value: '114 35' },
			postalTown: 'Stockholm',
		},
		price: { finalPrice: 3_950_000 },
	};
	const changedAt = '2026-11-29T09:15:00.000Z';
	const lines = soldLines(record, changedAt, 3_750_000);
	const right = lines.join('\n');
	checkSoldPost([{ text: right }], lines);
	checkSoldPost([{ text: right.replace('3 950 000', '3 750 000') }], lines);
	checkSoldPost([{ text: right.replace('(UTC+01:00)', '(UTC+00:00)') }], lines);
	checkSoldPost([{ text: right }, { text: right }], lines);
	const agent = { id: 'HAN1', name: 'Sara Holmberg', emailAddress: 'sara@office.example' };
	const mailLines = loweredLines(record, agent, changedAt, 3_950_000);
	const mail = {
		to: agent.emailAddress,
		subject: 'Price lowered: Storgatan 12, 114 35 Stockholm',
		text: mailLines.join('\n'),
	};
	checkLoweredMail([mail], agent, record, mailLines);
	checkLoweredMail(
		[{ ...mail, text: mail.text.replace('Old price: 3 950 000', 'Old price: 3 750 000') }],
		agent,
		record,
		mailLines,
	);
	checkLoweredMail([{ ...mail, to: 'office@office.example' }], agent, record, mailLines);
	checkLoweredMail(
		[{ ...mail, text: mail.text.replace(', 10:15', ', 09:15') }],
		agent,
		record,
		mailLines,
	);
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const [n8nUrl, sandboxUrl, toolsUrl, mailDir] = process.argv.slice(2);
	try {
		if (n8nUrl === 'expect-red') expectRed();
		else await listingStories(n8nUrl, sandboxUrl, toolsUrl, mailDir);
	} catch (error) {
		check('listing stories', false, error.stack ?? error.message);
	}
	if (failureCount() > 0) process.exitCode = 1;
}
