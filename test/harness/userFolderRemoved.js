/** jest's globalTeardown (jest.config.js): removes the run's n8n user folder (userFolder.js). */
const fs = require('node:fs');

module.exports = async () => {
	const folder = process.env.ESTATE_TEST_USER_FOLDER;
	if (folder) fs.rmSync(folder, { recursive: true, force: true });
};
