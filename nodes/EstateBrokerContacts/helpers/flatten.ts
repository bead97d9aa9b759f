import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import type { SendCall } from '../../shared/transport';

/**
 * Answers that group records in lists by kind (a contact list's persons, companies and
 * deceased estates; categories for persons and companies) become one item per record, with
 * `type` saying which list it came from.
 */
export function flattenGroups(groups: Record<string, string>) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions, send: SendCall): Promise<INodeExecutionData[]> {
		const answers = await send(request);
		return answers.flatMap((answer) =>
			Object.entries(groups).flatMap(([property, type]) => {
				const records = answer.json[property];
				if (!Array.isArray(records)) return [];
				return records.map((record) => ({ json: { type, ...(record as IDataObject) }, pairedItem: answer.pairedItem }));
			}),
		);
	};
}
