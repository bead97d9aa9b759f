import type { IDataObject, INodeType, WorkflowExecuteMode } from 'n8n-workflow';

import { runNode } from './engine';
import type { useSandbox } from './sandbox';

type Sandbox = ReturnType<typeof useSandbox>;

export interface RunOptions {
	input?: IDataObject[];
	continueOnFail?: boolean;
	/** Changes to the sandbox credential (another user, a wrong password, a customer id). */
	credentials?: IDataObject;
	/** The workflow's Timezone setting (n8n's default when left out). */
	timezone?: string;
	/** How the run was started: by hand (`manual`, the default, as runNode's) or by a trigger (`trigger`). */
	mode?: WorkflowExecuteMode;
}

/** Runs one resource of an action node in n8n's engine against the sandbox, as the demo user (default office M30011). */
export function resourceRunner(sandbox: Sandbox, nodeType: INodeType, resource: string) {
	return async (parameters: Record<string, unknown>, options: RunOptions = {}) =>
		await runNode({
			nodeType,
			parameters: { resource, ...parameters } as never,
			credentials: sandbox.credentials(options.credentials as never),
			input: options.input,
			continueOnFail: options.continueOnFail,
			timezone: options.timezone,
			mode: options.mode,
		});
}
