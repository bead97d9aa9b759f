/**
 * Prints the figures suites recorded (test/harness/figures.ts) after the run, when
 * ESTATE_TEST_FIGURES names the file they go to; does nothing otherwise. (jest.config.js)
 */
const fs = require('node:fs');

class FiguresReporter {
	onRunStart() {
		const file = process.env.ESTATE_TEST_FIGURES;
		if (file) fs.writeFileSync(file, '');
	}

	onRunComplete() {
		const file = process.env.ESTATE_TEST_FIGURES;
		if (!file || !fs.existsSync(file)) return;
		const figures = fs.readFileSync(file, 'utf8');
		if (figures) process.stderr.write(`\nFigures of this run (${file}):\n${figures}`);
	}
}

module.exports = FiguresReporter;
