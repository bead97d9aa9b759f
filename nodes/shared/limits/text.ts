/**
 * Longest text of each body field the service's models bound (docs/spec/models.json, maxLength),
 * by wire path. The contract test holds these equal to models.json, save the one rule records.md
 * (newer help pages) gives otherwise: an interest application's names, 1 to 40 characters.
 */
export type TextLimits = Readonly<Record<string, number>>;

const ADDRESS = { streetAddress: 68, zipCode: 15, city: 25, countryCode: 2 } as const;

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

const INTEREST_PERSON: TextLimits = {
	socialSecurityNumber: 15,
	'address.streetAddress': ADDRESS.streetAddress,
	'address.zipCode': ADDRESS.zipCode,
	'address.city': ADDRESS.city,
	...under('telephone.', { home: 17, work: 17, cell: 17, other: 17 }),
	'email.emailAddress': 100,
	'email.emailAddress2': 100,
	// records.md (newer help pages) rules an interest application's names 1 to 40 characters; the sandbox takes 40 too.
	firstName: 40,
	lastName: 40,
};

export const TEXT_LIMITS = {
	/** Update.Contact.UpdatePerson */
	updatePerson: { ...CONTACT, firstName: 30, lastName: 30, socialSecurityNumber: 15, telePhone: 17, workPhone: 17, cellPhone: 17 },
	/** Update.Contact.UpdateCompany */
	updateCompany: { ...CONTACT, companyName: 50, corporateNumber: 15, homePage: 60, switchPhone: 17 },
	/** Advertising.Models.AdvertisingInterestApplication */
	interestApplication: INTEREST_PERSON,
	/** The final-price watch's person: the interest application's person fields (assumed), with a country code. */
	finalPriceWatchPerson: under('person.', { ...INTEREST_PERSON, 'address.countryCode': ADDRESS.countryCode }),
	/** Cms.Estate.CmsCottage; the condominium body is assumed to share it. */
	cmsEstate: { ...under('baseInformation.address.', ADDRESS), 'description.sellPhrase': 20, 'description.sellingHeading': 100 },
} satisfies Record<string, TextLimits>;
