/**
 * The line CI reads, "N passed, N failed": written to the file named by ESTATE_TEST_TALLY
 * (scripts/test.sh sums its two halves and prints the total last), else printed after jest's
 * own summary (`npx jest`). A suite that failed to load counts as a failure even though it ran
 * no test. (jest.config.js)
 */
const fs = require('node:fs');

class TallyReporter {
	onRunComplete(_contexts, results) {
		const line = `${results.numPassedTests} passed, ${results.numFailedTests + results.numRuntimeErrorTestSuites} failed\n`;
		const file = process.env.ESTATE_TEST_TALLY;
		if (file) fs.writeFileSync(file, line);
		// Last, after the summary jest's own reporters print.
		else process.once('exit', () => process.stdout.write(line));
	}
}

module.exports = TallyReporter;
