/** Swedish-style name and place material for the seed. Invented people; no real data. */

export const FEMALE_FIRST_NAMES = [
	'Anna', 'Eva', 'Maria', 'Karin', 'Sara', 'Christina', 'Lena', 'Emma', 'Kerstin', 'Ingrid',
	'Marie', 'Malin', 'Jenny', 'Hanna', 'Linnéa', 'Elsa', 'Ebba', 'Maja', 'Astrid', 'Sofia',
	'Åsa', 'Birgitta', 'Ulla', 'Johanna', 'Frida', 'Ida', 'Klara', 'Matilda', 'Agnes', 'Wilma',
] as const;

export const MALE_FIRST_NAMES = [
	'Lars', 'Mikael', 'Anders', 'Johan', 'Erik', 'Per', 'Karl', 'Peter', 'Thomas', 'Jan',
	'Daniel', 'Fredrik', 'Hans', 'Andreas', 'Stefan', 'Magnus', 'Oskar', 'Nils', 'Björn', 'Gustav',
	'Håkan', 'Göran', 'Olof', 'Axel', 'Viktor', 'Emil', 'Filip', 'Lucas', 'Hugo', 'Sven',
] as const;

export const LAST_NAMES = [
	'Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson',
	'Svensson', 'Gustafsson', 'Pettersson', 'Jonsson', 'Jansson', 'Hansson', 'Bengtsson',
	'Jönsson', 'Lindberg', 'Jakobsson', 'Magnusson', 'Lindström', 'Olofsson', 'Lindqvist',
	'Lindgren', 'Berg', 'Axelsson', 'Bergström', 'Lundberg', 'Lundqvist', 'Mattsson', 'Berglund',
	'Fredriksson', 'Sandberg', 'Henriksson', 'Forsberg', 'Sjöberg', 'Wallin', 'Engström',
	'Eklund', 'Danielsson', 'Håkansson', 'Lundin', 'Björk', 'Bergman', 'Gunnarsson', 'Holm',
	'Wikström', 'Samuelsson', 'Isaksson', 'Fransson', 'Bergqvist', 'Nyström', 'Holmberg', 'Åberg',
] as const;

export const COMPANY_WORDS = [
	'Bygg', 'Fastighets', 'Konsult', 'Invest', 'Förvaltnings', 'Revisions', 'Design', 'Data',
	'Transport', 'Trädgårds', 'Måleri', 'El', 'VVS', 'Juridik', 'Redovisnings',
] as const;

export const COMPANY_SUFFIXES = ['AB', 'AB', 'AB', 'HB', 'Aktiebolag', 'och Son AB'] as const;

export const STREET_NAMES: Record<string, readonly string[]> = {
	Stockholm: [
		'Götgatan', 'Hornsgatan', 'Folkungagatan', 'Ringvägen', 'Åsögatan', 'Skånegatan',
		'Katarina Bangata', 'Bondegatan', 'Tjärhovsgatan', 'Renstiernas gata', 'Swedenborgsgatan',
		'Timmermansgatan', 'Krukmakargatan', 'Hornsbruksgatan', 'Blekingegatan',
	],
	Uppsala: [
		'Kungsgatan', 'Svartbäcksgatan', 'Dragarbrunnsgatan', 'Sysslomansgatan', 'Vaksalagatan',
		'Luthagsesplanaden', 'Kyrkogårdsgatan', 'Råbyvägen', 'Sankt Johannesgatan', 'Torsgatan',
	],
	Göteborg: [
		'Linnégatan', 'Vasagatan', 'Aschebergsgatan', 'Kungsportsavenyen', 'Övre Husargatan',
		'Karl Johansgatan', 'Stigbergsliden', 'Första Långgatan', 'Prinsgatan', 'Sprängkullsgatan',
	],
};

/** City -> [zip code prefix, municipality name, municipality code, base latitude, base longitude]. */
export const CITIES: Record<string, readonly [string, string, string, number, number]> = {
	Stockholm: ['11', 'Stockholm', '0180', 59.314, 18.072],
	Uppsala: ['75', 'Uppsala', '0380', 59.858, 17.638],
	Göteborg: ['41', 'Göteborg', '1480', 57.701, 11.967],
};

export const AREA_NAMES: Record<string, readonly string[]> = {
	Stockholm: ['Södermalm', 'Hornstull', 'SoFo', 'Slussen', 'Hammarby sjöstad', 'Årsta'],
	Uppsala: ['Luthagen', 'Svartbäcken', 'Fålhagen', 'Kåbo', 'Gottsunda', 'Storvreta'],
	Göteborg: ['Linnéstaden', 'Majorna', 'Haga', 'Johanneberg', 'Vasastaden'],
};

export const BANKS = ['Swedbank', 'Handelsbanken', 'SEB', 'Nordea', 'Länsförsäkringar Bank', 'SBAB'] as const;
export const INSURERS = ['Folksam', 'If', 'Trygg-Hansa', 'Länsförsäkringar', 'Dina Försäkringar'] as const;
