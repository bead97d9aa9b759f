/**
 * Jest's node environment, keeping what a test writes to the console (n8n's logger among it:
 * the errors tests provoke on purpose) out of `npm test`'s output unless the test fails: then
 * that test's output is shown under its failure, where a reader needs it. (jest.config.js)
 */
const { TestEnvironment } = require('jest-environment-node');
const { format } = require('node:util');

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'];
/** The most a failure shows of its test's output: its last lines. */
const SHOWN_LINES = 200;

class QuietEnvironment extends TestEnvironment {
	held = [];

	async setup() {
		await super.setup();
		const console = this.global.console;
		for (const method of METHODS) {
			console[method] = (...args) => {
				this.held.push(`console.${method}: ${format(...args)}`);
			};
		}
		// n8n's logger (winston's console transport) writes to the console's streams, not its methods.
		for (const stream of ['_stdout', '_stderr']) {
			const held = { write: (chunk) => this.held.push(String(chunk).replace(/\n$/, '')) > 0 };
			Object.defineProperty(console, stream, { value: held, configurable: true, writable: true });
		}
	}

	/** Since the last test ended (its hooks included): shown with a failure, else dropped. */
	handleTestEvent(event) {
		if (event.name !== 'test_done' && event.name !== 'test_skip' && event.name !== 'test_todo')
			return;
		if (event.name === 'test_done' && event.test.errors.length > 0 && this.held.length > 0) {
			const lines = this.held.join('\n').split('\n');
			const left =
				lines.length > SHOWN_LINES
					? `(${lines.length - SHOWN_LINES} earlier lines left out)\n`
					: '';
			const output = new Error('Output of this test');
			output.stack = `Output of this test (console and n8n's logger):\n${left}${lines.slice(-SHOWN_LINES).join('\n')}`;
			event.test.errors.push(output);
		}
		this.held = [];
	}
}

module.exports = QuietEnvironment;
