import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PreSendAction,
} from 'n8n-workflow';

import type { OutputShape } from './output';

/** A `send.preSend` step: checks or prepares the request; throws a NodeOperationError naming the field. */
export type RequestStep = PreSendAction;

/** An `output.postReceive` step: reshapes the items of an answer. */
export type AnswerStep = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** `operations.pagination`: for operations that make their calls themselves (every page of a list, a listing's record, the calls of a read by id), in place of the routing's one request. */
export type CallsStep = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** The request an operation makes, as its file declares it (OperationDefinition's `request`); brokerRouting turns it into n8n's routing. */
export interface OperationRequest {
	method: IHttpRequestMethods;
	/** Path template: {customerId} and {<node parameter name>} placeholders, filled and encoded before sending. */
	path: string;
	pathLabels?: Record<string, string>;
	/** Query parameter that carries the customer id, for paths without it (e.g. criteria.customerId). */
	customerIdQuery?: string;
	/** Record type of the body, the XML root element; operations without one send no body. */
	bodyRoot?: string;
	preSend?: RequestStep[];
	/** How the decoded answer becomes items (records by default). */
	output?: OutputShape;
	postReceive?: AnswerStep[];
	pagination?: CallsStep;
}

/** An answer made of records a call shared with other items brought (readsById.ts): read and checked already. */
export class GatheredAnswer implements IN8nHttpFullResponse {
	readonly statusCode = 200;
	readonly headers = {};
	constructor(readonly body: IDataObject[]) {}
}
