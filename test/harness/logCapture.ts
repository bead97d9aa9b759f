/**
 * Captures everything n8n's logger and the console write, at the logger's most talkative
 * (debug, JSON lines with all metadata). Call at the top of a test file, before anything
 * creates the logger: it binds console.log and reads its level and format from the
 * environment when created, and writes straight to Jest's worker console streams.
 */
/** Every own property, nested, including non-enumerable ones such as an error's cause and stack. */
export function deepText(value: unknown, seen = new Set<unknown>()): string {
	if (value === null || typeof value !== 'object') return String(value);
	if (seen.has(value)) return '';
	seen.add(value);
	return Object.getOwnPropertyNames(value)
		.map((key) => `${key}=${deepText((value as Record<string, unknown>)[key], seen)}`)
		.join('\n');
}

export function captureLogs() {
	const previous = { level: process.env.N8N_LOG_LEVEL, format: process.env.N8N_LOG_FORMAT };
	process.env.N8N_LOG_LEVEL = 'debug';
	process.env.N8N_LOG_FORMAT = 'json';
	const lines: string[] = [];
	const consoleStreams = console as unknown as {
		_stdout?: NodeJS.WritableStream;
		_stderr?: NodeJS.WritableStream;
	};
	const capture = ((chunk: string) => lines.push(String(chunk)) > 0) as typeof process.stdout.write;

	beforeAll(() => {
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			jest
				.spyOn(console, method)
				.mockImplementation(
					(...args: unknown[]) => void lines.push(args.map((arg) => deepText(arg)).join(' ')),
				);
		}
		for (const stream of [
			process.stdout,
			process.stderr,
			consoleStreams._stdout,
			consoleStreams._stderr,
		]) {
			if (stream) jest.spyOn(stream, 'write').mockImplementation(capture);
		}
	});

	afterAll(() => {
		jest.restoreAllMocks();
		for (const [name, value] of [
			['N8N_LOG_LEVEL', previous.level],
			['N8N_LOG_FORMAT', previous.format],
		] as const) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	});

	return {
		lines,
		/** Waits until the logger (which writes asynchronously) has written a line containing `text`. */
		async waitFor(text: string, timeoutMs = 2000): Promise<boolean> {
			for (
				let waited = 0;
				waited < timeoutMs && !lines.some((line) => line.includes(text));
				waited += 20
			) {
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			return lines.some((line) => line.includes(text));
		},
	};
}
