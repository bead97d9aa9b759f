/**
 * The SearchProfileValues lookup: SearchProfileV2_SearchProfilesInfo of models-2026.json, the
 * step lists section 2.2 refers to and the subtypes each kind of profile offers. Farm
 * search-profile ranges must use values from these lists.
 */
export const SEARCH_PROFILE_VALUES = {
	farmAreaStepsHectare: [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
	livingAreaSteps: [0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200, 250, 300],
	roomSteps: [0, 1, 2, 3, 4, 5, 6, 7, 8, 10],
	domesticPriceSteps: [
		0, 500_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000, 7_500_000,
		10_000_000, 15_000_000, 20_000_000,
	],
	foreignPriceSteps: [0, 50_000, 100_000, 200_000, 300_000, 500_000, 750_000, 1_000_000, 2_000_000],
	monthlyFeeSteps: [0, 1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000],
	plotAreaSteps: [0, 250, 500, 750, 1000, 1500, 2000, 5000, 10000],
	selectableResidentialSubtypes: ['Apartment', 'House', 'TownHouse', 'Plot', 'Cottage', 'Other'],
	selectableFarmSubtypes: ['Agriculture', 'NoAgriculture', 'Forestry', 'HorseFarm'],
	selectableForeignSubtypes: ['Apartment', 'House', 'Townhouse', 'Plot'],
	selectableCommercialSubtypes: [
		'Residential',
		'Retail',
		'Office',
		'Industry',
		'SpecialSocietal',
		'Storage',
		'HotelRestaurant',
		'Premises',
		'Land',
		'Project',
		'Other',
	],
	selectablePremisesSubtypes: ['Retail', 'Office', 'OfficeHotel', 'Storage', 'Industry', 'Other'],
};
