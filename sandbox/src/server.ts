import Fastify, { type FastifyInstance } from 'fastify';
import { FaultInjector, registerFaults } from './control/faults';
import { RequestLog, registerRequestLog } from './control/requestLog';
import { registerControlRoutes, type SandboxRuntime } from './control/routes';
import { registerAuth } from './http/auth';
import { registerBodyParsers } from './http/bodyParsers';
import { registerErrorHandling } from './http/errorHandler';
import { registerModelBodies } from './http/models';
import type { TimeForm } from './http/serviceTime';
import { registerTimeForms } from './http/timeForms';
import { DATE_TIME_FORMAT, DATE_TIME_PATTERN } from './http/validation';
import { registerNotificationHooks } from './notifications/routes';
import { Notifier } from './notifications/sender';
import { ROUTE_MODULES } from './routes';
import { createSeededStore } from './seed';
import type { SeedOptions } from './store/store';

/** Builds the Fastify app and the runtime (store, request log, faults) behind it; times in `timeForm` (live by default). */
export function buildServer(
	seedOptions: SeedOptions,
	timeForm: TimeForm = 'live',
): { app: FastifyInstance; runtime: SandboxRuntime } {
	let options = seedOptions;
	const store = createSeededStore(options);
	const runtime: SandboxRuntime = {
		store,
		log: new RequestLog(options.clock),
		faults: new FaultInjector(options.seed),
		timeForm,
		notifier: new Notifier(store),
		reset() {
			runtime.timeForm = timeForm;
			store.replaceWith(createSeededStore(options));
			runtime.log.clear();
			runtime.faults.clear();
			runtime.faults.reseed(options.seed);
			runtime.notifier.clear();
		},
		reseed(next) {
			options = {
				...options,
				seed: next.seed ?? options.seed,
				scale: { ...options.scale, ...next.scale },
			};
			runtime.reset();
		},
	};

	const app = Fastify({
		logger: false,
		bodyLimit: 20 * 1024 * 1024,
		routerOptions: { maxParamLength: 4096, ignoreTrailingSlash: true },
		ajv: {
			customOptions: {
				allErrors: true,
				allowUnionTypes: true,
				coerceTypes: 'array',
				removeAdditional: false,
			},
			onCreate: (ajv) => void ajv.addFormat(DATE_TIME_FORMAT, DATE_TIME_PATTERN),
		},
	});
	registerBodyParsers(app);
	registerErrorHandling(app);
	// Hook order matters: log first (so 401s and faults are logged), then faults, then auth.
	registerRequestLog(app, runtime.log);
	// Before the faults' onSend: a malformed body is cut from the answer as the service would write it.
	registerTimeForms(app, () => runtime.timeForm);
	registerFaults(app, runtime.faults);
	registerAuth(app, store);
	registerModelBodies(app);
	registerNotificationHooks(app, store, runtime.notifier);
	registerControlRoutes(app, runtime);
	for (const module of ROUTE_MODULES) module.register(app, store);
	return { app, runtime };
}
