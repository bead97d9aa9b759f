/** Tests run the TypeScript sources through ts-jest on Node 24 (scripts/test.sh). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	testTimeout: 60000,
};
