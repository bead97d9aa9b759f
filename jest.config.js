/** Tests run the TypeScript sources through ts-jest on Node 24 (scripts/test.sh). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', isolatedModules: true }],
	},
	// The build copies fast-xml-parser's self-contained bundle to nodes/shared/xml/vendor;
	// from the sources the package itself stands in for it.
	moduleNameMapper: {
		'^(\\.{1,2}/)*(.*/)?vendor/fast-xml-parser$': 'fast-xml-parser',
	},
	testTimeout: 60000,
};
