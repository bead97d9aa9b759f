import { startSandbox, TIME_FORMS, type TimeForm } from './index';

/**
 * Command line: ts-node --transpile-only sandbox/src/cli.ts [--port N] [--host H]
 * [--allow-remote] [--activity] [--activity-interval-ms N] [--scale-bids N] [--scale-contacts N] [--scale-listings N] [--seed N]
 * [--time-form live|helpPage]
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const DEFAULT_ACTIVITY_INTERVAL_MS = 5000;

function parseArgs(argv: string[]) {
	const args = {
		port: 8091,
		host: '127.0.0.1',
		allowRemote: false,
		activity: false,
		activityIntervalMs: undefined as number | undefined,
		bids: undefined as number | undefined,
		contacts: undefined as number | undefined,
		listings: undefined as number | undefined,
		seed: undefined as number | undefined,
		timeForm: 'live' as TimeForm,
	};
	const number = (flag: string, value: string | undefined) => {
		const n = Number(value);
		if (value === undefined || !Number.isInteger(n) || n < 0)
			fail(`${flag} needs a non-negative integer`);
		return n;
	};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		switch (flag) {
			case '--port':
				args.port = number(flag, argv[++i]);
				break;
			case '--host':
				args.host = argv[++i] ?? fail('--host needs a value');
				break;
			case '--allow-remote':
				args.allowRemote = true;
				break;
			case '--activity':
				args.activity = true;
				break;
			case '--activity-interval-ms':
				args.activityIntervalMs = number(flag, argv[++i]);
				args.activity = true;
				break;
			case '--scale-bids':
				args.bids = number(flag, argv[++i]);
				break;
			case '--scale-contacts':
				args.contacts = number(flag, argv[++i]);
				break;
			case '--scale-listings':
				args.listings = number(flag, argv[++i]);
				break;
			case '--seed':
				args.seed = number(flag, argv[++i]);
				break;
			case '--time-form': {
				const form = argv[++i] as TimeForm;
				if (!TIME_FORMS.includes(form)) fail(`--time-form needs one of: ${TIME_FORMS.join(', ')}`);
				args.timeForm = form;
				break;
			}
			case '--help':
				console.log(
					'Usage: sandbox [--port N] [--host H] [--allow-remote] [--activity] [--activity-interval-ms N] [--scale-bids N] [--scale-contacts N] [--scale-listings N] [--seed N] [--time-form live|helpPage]',
				);
				process.exit(0);
			default:
				fail(`unknown option ${flag}`);
		}
	}
	return args;
}

function fail(message: string): never {
	console.error(`sandbox: ${message}`);
	process.exit(2);
}

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	if (!LOOPBACK_HOSTS.has(args.host) && !args.allowRemote)
		fail(
			`refusing to listen on ${args.host}: not a loopback address (pass --allow-remote to insist)`,
		);
	const handle = await startSandbox({
		port: args.port,
		host: args.host === 'localhost' ? '127.0.0.1' : args.host,
		seed: args.seed,
		timeForm: args.timeForm,
		scale: { bids: args.bids, contacts: args.contacts, listings: args.listings },
		activityIntervalMs: args.activity
			? (args.activityIntervalMs ?? DEFAULT_ACTIVITY_INTERVAL_MS)
			: undefined,
	});
	console.log(`Sandbox listening on ${handle.url}`);
	const stop = () => void handle.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	console.error('sandbox: failed to start:', error instanceof Error ? error.message : error);
	process.exit(1);
});
