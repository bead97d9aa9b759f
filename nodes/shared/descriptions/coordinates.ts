import type { INodeProperties } from 'n8n-workflow';

/** Each axis in WGS84 decimal degrees, as every coordinate input of the package shows it. */
const AXES = {
	latitude: {
		displayName: 'Latitude',
		min: -90,
		max: 90,
		hint: 'North-south position',
		example: 59.33,
	},
	longitude: {
		displayName: 'Longitude',
		min: -180,
		max: 180,
		hint: 'East-west position',
		example: 18.07,
	},
} as const;

export type CoordinateAxis = keyof typeof AXES;

/**
 * A latitude or longitude input. `name` is the parameter's saved name, which differs by
 * operation (`latitud` where the wire spells it so): saved workflows keep their names.
 */
export function coordinateParameter(
	axis: CoordinateAxis,
	name: string = axis,
	note = '',
): INodeProperties {
	const { displayName, min, max, hint, example } = AXES[axis];
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: min, maxValue: max, numberPrecision: 6 },
		default: 0,
		description: `${hint} in decimal degrees, ${min} to ${max} (Stockholm: about ${example})${note}`,
	};
}
