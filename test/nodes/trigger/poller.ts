import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { pollNode, type PollRun } from '../../harness/engine';

/** Where the trigger polls: the sandbox, or the hostile test server (test/hostile). */
interface Service {
	credentials(overrides?: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject;
}

/**
 * One trigger as n8n keeps it between polls: fixed parameters and credential, and static
 * data carried from poll to poll (JSON-copied, as n8n stores it; `settings.staticData` as a
 * restarted n8n reads it back), in a workflow whose Timezone setting is `settings.timezone`
 * (n8n's default when left out).
 */
export function poller(
	sandbox: Service,
	parameters: INodeParameters,
	credentialOverrides: ICredentialDataDecryptedObject = {},
	settings: { timezone?: string; staticData?: IDataObject } = {},
) {
	let staticData: IDataObject = JSON.parse(
		JSON.stringify(settings.staticData ?? {}),
	) as IDataObject;
	const nodeType = packageNode('estateBrokerTrigger');
	return {
		get staticData(): IDataObject {
			return staticData;
		},
		/** One poll; `changed` stands for the user editing the node's parameters in between. */
		async poll(
			mode: 'manual' | 'trigger' = 'trigger',
			changed: INodeParameters = {},
		): Promise<PollRun> {
			const data = JSON.parse(JSON.stringify(staticData)) as IDataObject;
			const run = await pollNode({
				nodeType,
				parameters: { ...parameters, ...changed },
				credentials: sandbox.credentials(credentialOverrides),
				staticData: data,
				mode,
				timezone: settings.timezone,
			});
			staticData = JSON.parse(JSON.stringify(data)) as IDataObject;
			return run;
		},
	};
}

/** The json of the first output of a poll, or [] when the poll returned null. */
export const jsonOf = (run: PollRun): IDataObject[] =>
	(run.items?.[0] ?? []).map((item) => item.json);

/** What POST /__sandbox/activity answers. */
export type { ActivityResult as Activity } from '../../../sandbox/src';
