import { forbidden, invalidField, notFound, validationError, type FieldError } from '../errors';
import type { SandboxStore } from '../store/store';
import type { FarmSearchCriteria, Range, SearchProfile } from '../store/types';
import { SEARCH_PROFILE_VALUES } from './searchProfileValues';

/** SearchProfileFarmUpdate as sent (section 2.2). */
export type FarmUpdateBody = Partial<FarmSearchCriteria>;

export function requireSearchProfile(
	store: SandboxStore,
	customerId: string,
	id: string,
): SearchProfile {
	const profile = store.searchProfiles.get(id);
	if (!profile) throw notFound('Search profile', id);
	const contact = store.contacts.get(profile.contactId);
	const visible =
		store.inScope(profile.customerId, customerId) ||
		(contact && store.contactLinkedTo(contact, customerId));
	if (!visible) throw forbidden(`Search profile ${id} belongs to another customer.`);
	return profile;
}

/**
 * Checks a farm update against the lookups: range bounds from the step lists, min <= max,
 * subtypes, areas of the customer, four-digit municipality codes, farm-applicable
 * increased requirements, polygons of at least three points. All problems are reported.
 */
export function validateFarmUpdate(
	store: SandboxStore,
	customerId: string,
	profile: SearchProfile,
	body: FarmUpdateBody,
): void {
	const v = SEARCH_PROFILE_VALUES;
	const errors: FieldError[] = [];
	const range = (
		field: string,
		value: Range | null | undefined,
		steps: number[],
		stepsName: string,
	) => {
		if (!value) return;
		for (const bound of ['minValue', 'maxValue'] as const) {
			const n = value[bound];
			if (n !== undefined && n !== null && !steps.includes(n))
				errors.push({
					field: `${field}.${bound}`,
					message: `must be one of the ${stepsName} values`,
				});
		}
		if (value.minValue != null && value.maxValue != null && value.minValue > value.maxValue)
			errors.push({ field: `${field}.minValue`, message: 'must not be greater than maxValue' });
	};
	range('totalArea', body.totalArea, v.farmAreaStepsHectare, 'FarmAreaStepsHectare');
	range('livingSpace', body.livingSpace, v.livingAreaSteps, 'LivingAreaSteps');
	range('numberOfRooms', body.numberOfRooms, v.roomSteps, 'RoomSteps');
	range(
		'price',
		body.price,
		profile.foreign ? v.foreignPriceSteps : v.domesticPriceSteps,
		profile.foreign ? 'ForeignPriceSteps' : 'DomesticPriceSteps',
	);
	if (body.bedrooms != null && !v.roomSteps.includes(body.bedrooms))
		errors.push({ field: 'bedrooms', message: 'must be one of the RoomSteps values' });
	// Subtypes: the model's choices (SearchProfileV2_SubtypeFarm), checked by the route's schema.
	body.areaIds?.forEach((id, i) => {
		const area = store.areas.get(id);
		if (!area || !store.inScope(area.customerId, customerId))
			errors.push({ field: `areaIds[${i}]`, message: `unknown area ${id}` });
	});
	body.municipalityCodes?.forEach((code, i) => {
		if (!/^\d{4}$/.test(code))
			errors.push({
				field: `municipalityCodes[${i}]`,
				message: 'must be a four-digit municipality code',
			});
	});
	body.increasedRequirementIds?.forEach((id, i) => {
		const requirement = store.increasedRequirements.find((r) => r.id === id);
		if (!requirement)
			errors.push({
				field: `increasedRequirementIds[${i}]`,
				message: `unknown increased requirement ${id}`,
			});
		else if (!requirement.objectTypes.includes('Farm'))
			errors.push({
				field: `increasedRequirementIds[${i}]`,
				message: `${id} does not apply to farms`,
			});
	});
	body.drawnAreas?.forEach((polygon, i) => {
		if ((polygon.coordinates?.length ?? 0) < 3)
			errors.push({
				field: `drawnAreas[${i}].coordinates`,
				message: 'must have at least 3 points',
			});
	});
	if (errors.length) throw validationError(errors);
}

/** PUT .../SearchProfile/Farm/{id}: replaces the farm criteria (fields left out become empty). */
export function updateFarmProfile(
	store: SandboxStore,
	customerId: string,
	id: string,
	body: FarmUpdateBody,
): SearchProfile {
	const profile = requireSearchProfile(store, customerId, id);
	if (profile.objectType !== 'Farm')
		throw invalidField(
			'id',
			`search profile ${id} is a ${profile.objectType} profile, not a farm profile`,
		);
	validateFarmUpdate(store, customerId, profile, body);
	profile.farm = {
		subtypes: body.subtypes ?? [],
		areaIds: body.areaIds ?? [],
		municipalityCodes: body.municipalityCodes ?? [],
		totalArea: body.totalArea ?? null,
		livingSpace: body.livingSpace ?? null,
		numberOfRooms: body.numberOfRooms ?? null,
		bedrooms: body.bedrooms ?? null,
		isAutomaticProfile: body.isAutomaticProfile ?? false,
		price: body.price ?? null,
		drawnAreas: body.drawnAreas ?? [],
		drawnAreasName: body.drawnAreasName ?? '',
		increasedRequirementIds: body.increasedRequirementIds ?? [],
	};
	profile.changedAt = store.now();
	const contact = store.contacts.get(profile.contactId);
	if (contact) contact.changedAt = profile.changedAt;
	return profile;
}
