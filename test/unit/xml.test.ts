import { buildXml, parseXml } from '../../nodes/shared/xml';

describe('XML codec', () => {
	it('round-trips a condominium: JSON item → PascalCase XML → the same JSON item', () => {
		const condominium = {
			baseInformation: {
				livingSpace: 74.5,
				otherSpace: 0,
				propertyUnitDesignation: 'Söder 1:23',
				status: 'AssignmentAttempt',
				address: {
					municipality: '0180',
					coordinate: { longitud: 18.0686, latitud: 59.3293 },
					streetAddress: 'Götgatan 1 & 2 <A>',
					zipCode: '11646',
					city: 'Stockholm',
					countryCode: 'SE',
				},
			},
			interior: {
				numberOfRooms: 3,
				numberOfBedrooms: 2,
				description: '',
				rooms: [{ heading: 'Kök', text: 'Nytt 2024' }],
			},
			price: { startingPrice: 3950000 },
			sellers: ['C000001'],
			interests: [],
			description: { sellPhrase: 'Ljust och luftigt' },
			userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			assignmentSourceId: 4,
		};
		const xml = buildXml(condominium, { rootName: 'CmsCondominium' });
		expect(xml).toContain('<CmsCondominium xmlns:i="http://www.w3.org/2001/XMLSchema-instance">');
		expect(xml).toContain(
			'<Coordinate><Longitud>18.0686</Longitud><Latitud>59.3293</Latitud></Coordinate>',
		);
		expect(xml).toContain('<Sellers><string>C000001</string></Sellers>');
		expect(xml).toContain(
			'<Rooms><CmsRoom><Heading>Kök</Heading><Text>Nytt 2024</Text></CmsRoom></Rooms>',
		);
		expect(xml).toContain('Götgatan 1 &amp; 2 &lt;A&gt;');
		expect(parseXml(xml)).toEqual(condominium);
	});

	it('reads lists at the root, keeps bid amounts and ids as text, and reads nil as null', () => {
		const bids = [
			{
				id: '000123',
				estateId: 'OBJ30011_2041100001',
				contactId: 'C000001',
				amount: '2500000',
				isHidden: false,
				isCanceled: false,
				createdAt: '2026-01-01T10:00:00Z',
				alias: null,
			},
			{
				id: 'B2',
				estateId: 'OBJ30011_2041100001',
				contactId: 'C000002',
				amount: '2550000.50',
				isHidden: true,
				isCanceled: false,
				createdAt: '2026-01-02T10:00:00Z',
				alias: 'Budgivare 2',
			},
		];
		const xml = buildXml(bids, { rootName: 'ArrayOfBid' });
		expect(xml).toContain('<Alias i:nil="true"/>');
		expect(parseXml(xml)).toEqual(bids);
		expect(parseXml(buildXml([bids[0]], { rootName: 'ArrayOfBid' }))).toEqual([bids[0]]);
		expect(parseXml('<ArrayOfBid xmlns:i="http://www.w3.org/2001/XMLSchema-instance"/>')).toEqual(
			[],
		);
	});

	it('reads the bare answers of the service: a string id and a boolean', () => {
		expect(parseXml(buildXml('C000501', { rootName: 'string' }))).toBe('C000501');
		expect(
			parseXml(
				'<string xmlns="http://schemas.microsoft.com/2003/10/Serialization/">00042</string>',
			),
		).toBe('00042');
		expect(parseXml('<boolean>true</boolean>')).toBe(true);
	});

	it('reads namespaced answers and one-item collections of known list fields', () => {
		const xml =
			'<CrmContactList xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/Crm">' +
			'<Persons><CrmContactListItem><Id>C1</Id><ChangedAt>2026-01-01T00:00:00Z</ChangedAt><CustomerId>M30011</CustomerId></CrmContactListItem></Persons>' +
			'<Companies/><DeceasedEstates/></CrmContactList>';
		expect(parseXml(xml)).toEqual({
			persons: [{ id: 'C1', changedAt: '2026-01-01T00:00:00Z', customerId: 'M30011' }],
			companies: [],
			deceasedEstates: [],
		});
	});

	it('decodes character references and never expands a declared entity', () => {
		expect(
			parseXml(
				'<Address><StreetAddress>Götgatan 1&#xD;\nuppgång B &#228; &amp;#xD;</StreetAddress></Address>',
			),
		).toEqual({ streetAddress: 'Götgatan 1\r\nuppgång B ä &#xD;' });
		const bomb =
			'<!DOCTYPE a [<!ENTITY b "xxxxxxxxxx"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><Note><Text>&c;</Text></Note>';
		expect(() => parseXml(bomb)).toThrow('The XML entity &c; is not declared by XML');
	});

	it('refuses a document that is not XML', () => {
		expect(() => parseXml('just text')).toThrow();
	});
});
