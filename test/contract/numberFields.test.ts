import { AMOUNTS_IN_TEXT, NUMBER_FIELDS, numbersByModel } from '../../nodes/shared/rules';
import { DEFINITIONS } from './models';

type Schema = Record<string, unknown>;
/** The records the package reads are all described by models-2026.json, which stands over models.json. */
const definitions = DEFINITIONS['models-2026.json'];

/** What a property is as far as numbers go: a number, a record (its model), or neither. */
function kindOf(schema: Schema): string | undefined {
	if (typeof schema.$ref === 'string') return schema.$ref.replace('#/definitions/', '');
	if (schema.type === 'number' || schema.type === 'integer') return 'number';
	if (schema.type === 'array') return kindOf(schema.items as Schema);
	return undefined;
}

/** Whether a model holds a number anywhere (a field, or a record it holds). */
function holdsNumbers(model: string, seen: string[] = []): boolean {
	if (seen.includes(model)) return false;
	return Object.values((definitions[model].properties ?? {}) as Record<string, Schema>).some(
		(schema) => {
			const kind = kindOf(schema);
			return kind === 'number' || (kind !== undefined && holdsNumbers(kind, [...seen, model]));
		},
	);
}

/** The fields of a model that are numbers, or records holding numbers, by models-2026.json. */
function numberFieldsOf(model: string): Record<string, string> {
	const fields: Record<string, string> = {};
	for (const [name, schema] of Object.entries(
		(definitions[model].properties ?? {}) as Record<string, Schema>,
	)) {
		const kind = kindOf(schema);
		if (kind === 'number' || (kind !== undefined && holdsNumbers(kind))) fields[name] = kind;
	}
	return fields;
}

describe('Contract: the fields the simplified output gives as numbers are those models-2026.json types as numbers', () => {
	test.each(Object.keys(NUMBER_FIELDS))(
		'NUMBER_FIELDS[%s] equals its number fields in models-2026.json',
		(model) => {
			expect(definitions[model]).toBeDefined();
			expect(NUMBER_FIELDS[model]).toEqual(numberFieldsOf(model));
		},
	);

	test('Every record a table entry refers to has its own entry, so nested numbers are typed too', () => {
		for (const fields of Object.values(NUMBER_FIELDS))
			for (const kind of Object.values(fields))
				if (kind !== 'number') expect(NUMBER_FIELDS).toHaveProperty([kind]);
	});

	test('The amounts given as numbers are text in the model (records.md: a bid amount is a string), never an id', () => {
		for (const [model, fields] of Object.entries(AMOUNTS_IN_TEXT)) {
			for (const field of fields) {
				expect((definitions[model].properties as Record<string, Schema>)[field]).toMatchObject({
					type: 'string',
				});
				expect(field).not.toMatch(/id$/i);
			}
		}
	});

	test('Text where the model says number becomes a number; ids, postal codes and other text stay as they are', () => {
		const accommodation = numbersByModel(
			{
				livingSpace: '72,5',
				numberOfRooms: '3',
				price: '2790000',
				other: '0042',
				coordinate: { latitude: '59.33', longitude: '18.06' },
				estateType: 'Condominium',
			},
			'Crm_CrmPresentAccomodation',
		);
		expect(accommodation).toEqual({
			livingSpace: 72.5,
			numberOfRooms: 3,
			price: 2790000,
			other: '0042',
			coordinate: { latitude: 59.33, longitude: 18.06 },
			estateType: 'Condominium',
		});
		expect(
			numbersByModel(
				{
					id: '0012',
					leadScore: '4',
					socialSecurityNumber: '198001011234',
					address: { zipCode: '01234', wgs84Coordinate: { latitude: '59.33', longitude: '18.06' } },
				},
				'Crm_CrmPersonContact',
			),
		).toEqual({
			id: '0012',
			leadScore: 4,
			socialSecurityNumber: '198001011234',
			address: { zipCode: '01234', wgs84Coordinate: { latitude: 59.33, longitude: 18.06 } },
		});
		expect(
			numbersByModel(
				{ id: '17', estateId: '0042', contactId: '123', amount: '2790000' },
				'Bid_Bid',
			),
		).toEqual({ id: '17', estateId: '0042', contactId: '123', amount: 2790000 });
		// Text that is not a plain number is never lost.
		expect(numbersByModel({ amount: '2,79 milj', leadScore: '' }, 'Bid_Bid')).toEqual({
			amount: '2,79 milj',
			leadScore: '',
		});
	});
});
