import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, INode } from 'n8n-workflow';

import { isBlank, pickedValue, requiredPathSegment } from '../rules';
import { accountOf, type GatheredCall } from '../account';
import {
	type BrokerContext,
	type CallAccount,
	type CallSite,
	callSiteOf,
	nodeSetting,
	runCredentials,
	type SiteAccount,
} from './callState';

/** {name}, or {name?} for an optional segment (the per-user and per-office form of one endpoint). */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)(\?)?\}/g;

/** Names of the placeholders every node shares, for messages. */
const PATH_LABELS: Record<string, string> = { customerId: 'Customer ID', id: 'ID' };

/**
 * A path template taken apart: its text, and its placeholders, an optional one after a slash
 * (`/{name?}`) holding the slash, which goes with the segment when it is left empty.
 */
type PathPart = string | { name: string; dropWithSlash: boolean };

/** Each template's parts, worked out at its first call: the templates are the package's own endpoints. */
const partsOfTemplate = new Map<string, PathPart[]>();

function pathParts(template: string): PathPart[] {
	let parts = partsOfTemplate.get(template);
	if (parts) return parts;
	parts = [];
	let from = 0;
	for (const match of template.matchAll(PLACEHOLDER)) {
		const dropWithSlash = match[2] === '?' && template[match.index - 1] === '/';
		const textEnd = dropWithSlash ? match.index - 1 : match.index;
		if (textEnd > from) parts.push(template.slice(from, textEnd));
		parts.push({ name: match[1], dropWithSlash });
		from = match.index + match[0].length;
	}
	if (from < template.length) parts.push(template.slice(from));
	partsOfTemplate.set(template, parts);
	return parts;
}

/** The placeholders of a path template such as /CRM/Bid/{customerId}/{bidId}. */
export function pathPlaceholders(template: string): string[] {
	const names: string[] = [];
	for (const part of pathParts(template)) if (typeof part !== 'string') names.push(part.name);
	return names;
}

/**
 * Fills a path template. Every value is percent-encoded as one segment, so an id such as
 * "../x" or "a/b" can never change which endpoint is called; an empty value is refused,
 * since dropping a segment would silently reach another endpoint (the list instead of a get),
 * unless the template marks the segment optional ({name?}) because both endpoints are meant.
 */
export function fillPath(
	node: INode,
	template: string,
	values: Record<string, unknown>,
	labels: Record<string, string> = {},
	itemIndex?: number,
): string {
	let path = '';
	for (const part of pathParts(template)) {
		if (typeof part === 'string') {
			path += part;
			continue;
		}
		const { name, dropWithSlash } = part;
		// An optional segment left empty is dropped with its slash: /Budget/Estate/{customerId}/{userId?}/{year}
		// is the office form without a user, the per-user form with one.
		if (dropWithSlash && isBlank(values[name])) continue;
		const label = labels[name] ?? PATH_LABELS[name] ?? name;
		const segment = encodeURIComponent(requiredPathSegment(node, values[name], label, itemIndex));
		path += dropWithSlash ? `/${segment}` : segment;
	}
	return path;
}

/** Where a call goes, before it is filled in for the customer. */
export interface BrokerAddress {
	/** Path template: {customerId} and {name} placeholders, each filled and encoded as one segment. */
	path: string;
	/** Values of the placeholders other than customerId. */
	pathValues?: Record<string, unknown>;
	/** Field names shown in messages for the placeholders. */
	pathLabels?: Record<string, string>;
	/** Query parameter that carries the customer id, for paths without it (e.g. criteria.customerId). */
	customerIdQuery?: string;
}

/** One call of a trigger, a dropdown or a read-back: where it goes and what it sends. */
export interface BrokerCall extends BrokerAddress {
	method: IHttpRequestMethods;
	qs?: IDataObject;
	body?: unknown;
	/** Record type of the body, the XML root element; calls without one send no body. */
	bodyRoot?: string;
	/** A call of a read gathered across items (engine/readsById.ts). */
	gathered?: GatheredCall;
}

/** A request filled in for the customer, with the account its exchange is made for. */
export interface AddressedRequest extends CallAccount {
	request: IHttpRequestOptions;
}

/**
 * The query without blank values: a filter given nothing (an AI agent's tool call that leaves
 * an optional input out, an expression that gives '') is left out, never sent as an empty
 * criterion (`criteria.estateId=`).
 */
function withoutBlankQuery(qs: IDataObject): IDataObject {
	for (const key in qs)
		if (isBlank(qs[key]))
			return Object.fromEntries(Object.entries(qs).filter(([, value]) => !isBlank(value)));
	return qs;
}

/**
 * The account a site's calls are addressed for, worked out at its first call: the credential
 * (read once per run), the customer (the node's Customer ID, else the credential's), the base
 * URL checked, the account's pace. Every later call of the site only fills in its path.
 */
async function siteAccountOf(context: BrokerContext, site: CallSite): Promise<SiteAccount> {
	if (site.account) return site.account;
	const credentials = await runCredentials(context);
	if (site.account) return site.account;
	const account = accountOf(site.node, credentials, site.settings.customerId, site.itemIndex);
	site.account = { ...account, credentials, site };
	return site.account;
}

/** Fills in where a request goes: the service's base URL, the path for the customer, its customer query. */
export async function addressRequest(
	context: BrokerContext,
	request: IHttpRequestOptions,
	address: BrokerAddress,
	site: CallSite = callSiteOf(context),
): Promise<AddressedRequest> {
	return addressFor(await siteAccountOf(context, site), request, address, site);
}

/** A request addressed for a site whose account is known (addressRequest). */
export function addressFor(
	siteAccount: SiteAccount,
	request: IHttpRequestOptions,
	address: BrokerAddress,
	site: CallSite,
): AddressedRequest {
	const { account, credentials, customerId, baseURL } = siteAccount;
	const addressed: IHttpRequestOptions = {
		...request,
		baseURL,
		url: fillPath(
			site.node,
			address.path,
			{ ...address.pathValues, customerId },
			address.pathLabels,
			site.itemIndex,
		),
		qs: withoutBlankQuery({
			...(request.qs ?? {}),
			...(address.customerIdQuery ? { [address.customerIdQuery]: customerId } : {}),
		}),
		// HTTP statuses are read by readAnswer, so every failure gets the package's wording.
		ignoreHttpStatusErrors: true,
	};
	return { request: addressed, account, credentials, site };
}

/**
 * An operation's request addressed for an item: its path's placeholders filled from the
 * item's parameters of the same names, the node's settings read and checked (callSiteOf). The
 * call keeps its account, for the wording of its answer and for the calls a pagination step
 * makes itself.
 */
export async function addressItemRequest(
	context: BrokerContext,
	request: IHttpRequestOptions,
	address: Omit<BrokerAddress, 'pathValues'>,
	site: CallSite = callSiteOf(context),
): Promise<AddressedRequest> {
	const pathValues: Record<string, unknown> = {};
	for (const name of pathPlaceholders(address.path))
		if (name !== 'customerId') pathValues[name] = pickedValue(nodeSetting(context, name, ''));
	const addressed = await addressRequest(context, request, { ...address, pathValues }, site);
	site.state.account = site.account;
	return addressed;
}
