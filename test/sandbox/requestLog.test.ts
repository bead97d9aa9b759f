import axios from 'axios';

import { startSandbox } from '../../sandbox/src';
import { RequestLog } from '../../sandbox/src/control/requestLog';

describe("the sandbox's request log", () => {
	it('keeps the last 10,000 requests and counts them all since it was cleared (the bench counts 21,000 calls)', () => {
		const log = new RequestLog(() => 0);
		for (let index = 0; index < 10_005; index++)
			log.add({
				method: 'GET',
				path: `/${index}`,
				query: {},
				headers: {},
				contentType: null,
				body: null,
				status: 200,
				at: '',
			});
		expect(log.list()).toHaveLength(10_000);
		expect(log.list()[0].path).toBe('/5');
		expect(log.count()).toBe(10_005);
		log.clear();
		expect(log.count()).toBe(0);
	});

	it('answers the count at GET /__sandbox/requests/count', async () => {
		const sandbox = await startSandbox({ seed: 42, scale: { bids: 10, contacts: 10 } });
		try {
			await axios.get(`${sandbox.url}/CRM/Contact/M30011`, { validateStatus: () => true });
			await axios.get(`${sandbox.url}/CRM/Contact/M30011`, { validateStatus: () => true });
			expect((await axios.get(`${sandbox.url}/__sandbox/requests/count`)).data).toEqual({
				count: 2,
			});
		} finally {
			await sandbox.close();
		}
	});
});
