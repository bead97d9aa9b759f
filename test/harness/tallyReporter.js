/**
 * Writes the line CI reads, "N passed, N failed", to the file named by ESTATE_TEST_TALLY
 * (scripts/test.sh prints it last). A suite that failed to load counts as a failure even though
 * it ran no test. (jest.config.js)
 */
const fs = require('node:fs');

class TallyReporter {
	onRunComplete(_contexts, results) {
		const file = process.env.ESTATE_TEST_TALLY;
		if (!file) return;
		fs.writeFileSync(
			file,
			`${results.numPassedTests} passed, ${results.numFailedTests + results.numRuntimeErrorTestSuites} failed\n`,
		);
	}
}

module.exports = TallyReporter;
