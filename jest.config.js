/** Tests run the TypeScript sources through ts-jest on Node 24 (scripts/test.sh). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	// n8n's regex guard is a wall-clock limit; tests must not depend on timing (test/harness/regexEngine.ts).
	setupFiles: ['<rootDir>/test/harness/regexEngine.ts'],
	testTimeout: 60000,
};
