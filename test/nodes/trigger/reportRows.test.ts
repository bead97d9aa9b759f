import { figureRows } from '../../../nodes/EstateBrokerTrigger/events/liveDataChanged';
import { leadKey } from '../../../nodes/EstateBrokerTrigger/events/newLead';

describe('report rows', () => {
	it('reads a live-data report as rows per agent plus its own top-level figures, without the echoed span', () => {
		const report = {
			customerId: 'M30011',
			dateFrom: '2026-01-01T00:00:00.000Z',
			dateTo: '2026-01-10T12:00:00.000Z',
			total: 5,
			users: [
				{ userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2', logins: 3 },
				{ userId: 'HANFBB798C2524102012E7BD22EEF00E52D', logins: 2 },
			],
			empty: [],
		};
		expect(figureRows(report)).toEqual({
			'users:HANBDB1DD105679979CA82B28EDD1C8CCD2': {
				userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
				logins: 3,
			},
			'users:HANFBB798C2524102012E7BD22EEF00E52D': {
				userId: 'HANFBB798C2524102012E7BD22EEF00E52D',
				logins: 2,
			},
			summary: { customerId: 'M30011', total: 5 },
		});
		expect(
			figureRows([
				{ userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2', commission: 1000 },
				{ amount: 5 },
			]),
		).toEqual({
			'rows:HANBDB1DD105679979CA82B28EDD1C8CCD2': {
				userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
				commission: 1000,
			},
			'rows:1': { amount: 5 },
		});
		expect(figureRows(undefined)).toEqual({});
	});

	it('knows a lead by its id where the row has one, else by a fingerprint of what it says', () => {
		expect(leadKey({ id: 'L000201', createdAt: '2026-01-01T00:00:00.000Z' })).toBe('L000201');
		expect(leadKey({ lead: { id: 'L7', type: 'InterestApplication' } })).toBe('L7');
		const row = {
			createdAt: '2026-01-01T00:00:00.000Z',
			sender: 'Anna',
			receiver: 'Agent',
			lead: 'InterestApplication',
			contact: 'C1',
			estate: 'OBJ30011_2041100001',
		};
		expect(leadKey(row)).toBe(leadKey({ ...row }));
		expect(leadKey(row)).not.toBe(leadKey({ ...row, contact: 'C2' }));
		expect(leadKey(row)).toHaveLength(16);
	});
});
