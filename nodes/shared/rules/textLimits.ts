/**
 * Longest text of each body field the service's models bound (maxLength), by wire path: from
 * docs/spec/models-2026.json where it describes the body, else docs/spec/models.json. The
 * contract test holds these equal to those models.
 */
export type TextLimits = Readonly<Record<string, number>>;

/** Models_Address of models-2026.json: the country code has no limit of its own any more (ISO 3166-1 alpha-2, may be left out for Sweden). */
const ADDRESS = { streetAddress: 68, zipCode: 15, city: 25 } as const;

/** The estates' address (models.json, Cms.Estate): a two-character country code. */
const ESTATE_ADDRESS = { ...ADDRESS, countryCode: 2 } as const;

/** The same limits with every path under `prefix` (`address.` + `city`). */
export function under(prefix: string, limits: TextLimits): TextLimits {
	return Object.fromEntries(Object.entries(limits).map(([path, max]) => [`${prefix}${path}`, max]));
}

const CONTACT: TextLimits = {
	contactId: 40,
	customerId: 40,
	otherPhone: 17,
	...under('address.', ADDRESS),
	'email.emailAddress': 100,
	'email.emailAddress2': 100,
};

/** The person of an interest application or a final-price watch (AdvertisingLeadPerson): names 1 to 40 characters, personal number 20. */
const LEAD_PERSON: TextLimits = {
	firstName: 40,
	lastName: 40,
	socialSecurityNumber: 20,
	...under('address.', ADDRESS),
	...under('telephone.', { home: 17, work: 17, cell: 17, other: 17 }),
	'email.emailAddress': 100,
	'email.emailAddress2': 100,
};

export const TEXT_LIMITS = {
	/** Update_UpdatePerson */
	updatePerson: {
		...CONTACT,
		firstName: 30,
		lastName: 30,
		socialSecurityNumber: 20,
		telePhone: 17,
		workPhone: 17,
		cellPhone: 17,
	},
	/** Update_UpdateCompany */
	updateCompany: {
		...CONTACT,
		companyName: 100,
		corporateNumber: 20,
		homePage: 60,
		switchPhone: 17,
	},
	/** Advertising_AdvertisingInterestApplication */
	interestApplication: LEAD_PERSON,
	/** Advertising_AdvertisingFinalPriceWatchedApplication: its person */
	finalPriceWatchPerson: under('person.', LEAD_PERSON),
	/** Cms.Estate.CmsCottage (models.json); the condominium body is assumed to share it. */
	cmsEstate: {
		...under('baseInformation.address.', ESTATE_ADDRESS),
		'description.sellPhrase': 20,
		'description.sellingHeading': 100,
	},
} satisfies Record<string, TextLimits>;
