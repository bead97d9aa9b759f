import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { isBlank, inputError } from '../../shared/rules';
import type { RequestStep } from '../../shared/engine';

/**
 * Where a lead came from: the service's `marketing` record (Advertising_FormMarketing,
 * docs/spec/models-2026.json), `{ referrer, utmTags: [{ name, value }] }`, the same in interest
 * applications and final-price watches. A web form's page address gives both at once: its
 * utm_* query parameters become UTM tags, the page (without them) the referrer.
 */
export const MARKETING_PARAMETER = 'marketing';

export const marketingField: INodeProperties = {
	displayName: 'Marketing',
	name: MARKETING_PARAMETER,
	type: 'fixedCollection',
	default: {},
	placeholder: 'Add Marketing',
	description:
		'Where the lead came from: the page and its UTM tags, e.g. from the web form that sent it',
	options: [
		{
			displayName: 'Marketing',
			name: 'value',
			values: [
				{
					displayName: 'Landing Page URL',
					name: 'landingPageUrl',
					type: 'string',
					default: '',
					placeholder: 'https://www.example.com/objekt/42?utm_source=hemnet&utm_campaign=spring',
					description:
						"Address of the page the form was sent from, e.g. the web form's page URL. Its utm_* query parameters become UTM tags, and the page itself the referrer unless Referrer is given.",
				},
				{
					displayName: 'Referrer',
					name: 'referrer',
					type: 'string',
					default: '',
					placeholder: 'https://www.hemnet.se/',
					description: 'The page or site the lead came from',
				},
				{
					displayName: 'UTM Tags',
					name: 'utmTags',
					type: 'fixedCollection',
					typeOptions: { multipleValues: true },
					default: {},
					placeholder: 'Add UTM Tag',
					description:
						'Campaign tags; a tag named here replaces one of the same name from the landing page URL',
					options: [
						{
							displayName: 'Tag',
							name: 'tag',
							values: [
								{
									displayName: 'Name',
									name: 'name',
									type: 'string',
									default: '',
									placeholder: 'utm_source',
								},
								{
									displayName: 'Value',
									name: 'value',
									type: 'string',
									default: '',
									placeholder: 'newsletter',
								},
							],
						},
					],
				},
			],
		},
	],
};

type UtmTag = { name: string; value: string };

/** The utm_* query parameters of a page address, in their order, and the address without them. */
function fromLandingPage(
	site: IExecuteSingleFunctions,
	text: string,
): { page: string; tags: UtmTag[] } {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		throw inputError(
			site,
			`Marketing › Landing Page URL must be a web address such as https://www.example.com/page?utm_source=…; got "${text}"`,
		);
	}
	if (!/^https?:$/.test(url.protocol))
		throw inputError(
			site,
			`Marketing › Landing Page URL must be a web address (http or https); got "${text}"`,
		);
	const tags = [...url.searchParams]
		.filter(([name]) => /^utm_/i.test(name))
		.map(([name, value]) => ({ name, value }));
	for (const { name } of tags) url.searchParams.delete(name);
	return { page: url.toString(), tags };
}

/** The body's `marketing` record from Additional Fields › Marketing. */
export const marketingStep: RequestStep = async function (request) {
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const body = (request.body ?? {}) as IDataObject;
	const given = (((additional[MARKETING_PARAMETER] ?? {}) as IDataObject).value ??
		{}) as IDataObject;
	const landing = isBlank(given.landingPageUrl)
		? undefined
		: fromLandingPage(this, String(given.landingPageUrl));
	const tags = new Map<string, UtmTag>();
	for (const tag of landing?.tags ?? []) tags.set(tag.name.toLowerCase(), tag);
	for (const [index, tag] of (
		(((given.utmTags ?? {}) as IDataObject).tag ?? []) as IDataObject[]
	).entries()) {
		const name = String(tag.name ?? '').trim();
		if (!name) throw inputError(this, `Marketing › UTM Tags: tag ${index + 1} needs a Name`);
		tags.set(name.toLowerCase(), { name, value: String(tag.value ?? '') });
	}
	const referrer = isBlank(given.referrer) ? landing?.page : String(given.referrer).trim();
	const marketing: IDataObject = {};
	if (referrer) marketing.referrer = referrer;
	if (tags.size) marketing.utmTags = [...tags.values()];
	if (Object.keys(marketing).length) body.marketing = marketing;
	else delete body.marketing;
	return { ...request, body };
};
