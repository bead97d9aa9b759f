import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INode,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { EstateBrokerApi } from '../../credentials/EstateBrokerApi.credentials';
import { HarnessCredentialsHelper } from './credentials';
import { PACKAGE_PREFIX } from './engine';

/** A dropdown being opened in the editor: n8n-core's LoadOptionsContext with the node's parameters as edited. */
export function loaderContext(
	nodeType: INodeType,
	credentials: ICredentialDataDecryptedObject,
	parameters: INodeParameters,
) {
	const node: INode = {
		id: 'loader',
		name: nodeType.description.displayName,
		type: `${PACKAGE_PREFIX}.${nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { estateBrokerApi: { id: 'cred-1', name: 'Estate Broker' } },
	};
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = {
		credentialsHelper: new HarnessCredentialsHelper(
			{ estateBrokerApi: new EstateBrokerApi() },
			{ estateBrokerApi: credentials },
		),
		currentNodeParameters: parameters,
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.x');
}
