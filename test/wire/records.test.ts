import { recordsOf } from '../../nodes/shared/wire';

/** The one reader of "the records of an answer" used by reads by id, pickers, dropdowns and the trigger. */
describe('recordsOf: the records of an answer that lists them', () => {
	test('a list of records is handed on as it came, not copied', () => {
		const list = [{ id: 'C1' }, { id: 'C2' }];
		expect(recordsOf(list)).toBe(list);
	});

	test('one record (one id in the path) is a list of one', () => {
		expect(recordsOf({ id: 'C1' })).toEqual([{ id: 'C1' }]);
	});

	test.each([[undefined], [null], [''], ['OK'], [42], [true]])('no records in %p', (body) => {
		expect(recordsOf(body)).toEqual([]);
	});

	test('entries that are not records are left out, the records kept in order', () => {
		expect(recordsOf([{ id: 'C1' }, null, 'C2', 3, { id: 'C4' }])).toEqual([
			{ id: 'C1' },
			{ id: 'C4' },
		]);
	});

	test('a list under one property, or the record that property holds', () => {
		expect(
			recordsOf(
				{ users: [{ userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2' }, 'x'], total: 1 },
				'users',
			),
		).toEqual([{ userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2' }]);
		expect(
			recordsOf({ users: { userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2' } }, 'users'),
		).toEqual([{ userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2' }]);
		expect(recordsOf({ total: 0 }, 'users')).toEqual([]);
		expect(recordsOf([{ id: 'C1' }], 'users')).toEqual([{ id: 'C1' }]);
	});
});
