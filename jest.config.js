/** Tests run the TypeScript sources through ts-jest on Node 24 (scripts/test.sh). */
module.exports = {
	// Node, with what a test writes to the console shown only when it fails (test/harness/quietEnvironment.js).
	testEnvironment: '<rootDir>/test/harness/quietEnvironment.js',
	// The line CI reads, "N passed, N failed" (printed last, or written for scripts/test.sh to sum); the suites'
	// figures when ESTATE_TEST_FIGURES names a file (test/harness/figures.ts).
	reporters: [
		'default',
		'<rootDir>/test/harness/tallyReporter.js',
		'<rootDir>/test/harness/figuresReporter.js',
	],
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	// n8n's regex guard is a wall-clock limit; tests must not depend on timing (test/harness/regexEngine.ts).
	// The test CA trusted, as NODE_EXTRA_CA_CERTS would (test/harness/testCertificates.js).
	setupFiles: [
		'<rootDir>/test/harness/regexEngine.ts',
		'<rootDir>/test/harness/testCertificates.js',
	],
	// n8n's user folder under the system's temporary folder, not the home folder (test/harness/userFolder.js).
	globalSetup: '<rootDir>/test/harness/userFolder.js',
	globalTeardown: '<rootDir>/test/harness/userFolderRemoved.js',
	testTimeout: 60000,
};
