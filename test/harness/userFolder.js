/**
 * jest's globalSetup (jest.config.js): n8n's user folder for the run, a new folder under the
 * system's temporary folder (removed after the run: userFolderRemoved.js). n8n-core keeps its
 * settings (the encryption key in .n8n/config) and binary data under N8N_USER_FOLDER, which is
 * the home folder when unset: set here, before any test file or jest worker starts, so no run
 * of `npm test` or `npx jest` writes into the user's home.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async () => {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'estate-broker-tests-'));
	process.env.N8N_USER_FOLDER = folder;
	process.env.ESTATE_TEST_USER_FOLDER = folder;
};
