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

/**
 * How an answer becomes items. The service answers with records, a list of them, a bare
 * string (an id) or boolean, or 204 with nothing; users always get objects, one per record,
 * and exactly one item for an answer that carried no body.
 */
export type OutputShape =
	| { kind: 'records'; property?: string }
	| { kind: 'value'; key: string; extra?: (this: IExecuteSingleFunctions) => IDataObject }
	| { kind: 'acknowledge'; item: (this: IExecuteSingleFunctions) => IDataObject };

/** A `send.preSend` step: checks or prepares the request; throws a NodeOperationError naming the field. */
export type RequestStep = PreSendAction;

/** An `output.postReceive` step: reshapes the items of an answer. */
export type AnswerStep = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** `operations.pagination`: for operations that make several calls, each through `this.makeRoutingRequest` (routing.ts gives it the package's send), or that make their calls themselves (`callsItself`). */
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

/** A decoded answer as the operation's postReceive steps receive it; `checked` when it is records a read by id checked already (readsById.ts). */
export class DecodedAnswer implements IN8nHttpFullResponse {
	readonly statusCode = 200;
	readonly headers = {};
	readonly body: IN8nHttpFullResponse['body'];
	constructor(
		body: unknown,
		readonly checked = false,
	) {
		this.body = body as IN8nHttpFullResponse['body'];
	}
}

/** An answer made items by an operation's postReceive steps, as n8n's RoutingNode runs them. */
export async function answerSteps(
	context: IExecuteSingleFunctions,
	postReceive: DeclarativeRestApiSettings.ResultOptions['postReceive'],
	answer: DecodedAnswer,
): Promise<INodeExecutionData[]> {
	let items: INodeExecutionData[] = [{ json: {} }];
	for (const step of postReceive) {
		for (const action of step.actions) {
			// The package's operations declare their answer steps as functions (brokerRouting).
			if (typeof action !== 'function')
				throw new Error("The package's operations have function postReceive steps only");
			items = await action.call(context, items, answer);
		}
	}
	return items;
}

const OWN_CALLS = Symbol('sends its own calls');

/** A pagination step that makes its calls itself (through `send`, never `makeRoutingRequest`): its operation's request is neither addressed nor encoded. */
export function callsItself(step: CallsStep): CallsStep {
	return Object.assign(step, { [OWN_CALLS]: true });
}

export function sendsItsOwnCalls(step: CallsStep | undefined): boolean {
	return step !== undefined && OWN_CALLS in step;
}
