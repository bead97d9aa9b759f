import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { isBlank, inputError, textOrNumber, pickedValue } from '../../../shared/rules';
import { defineOperation, estateIdField, optionsField } from '../../../shared/descriptions';
import { type RequestStep } from '../../../shared/engine';

const text = (value: unknown) =>
	value === undefined || value === null ? '' : String(value).trim();

/**
 * Reads the file from the input item's binary field (as n8n's own file nodes do) and builds
 * the File body (records.md): data as Base64, the name, the advertise flag. An empty file or
 * a file without a name is refused before anything is sent.
 */
const fileFromBinary: RequestStep = async function (
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	// Each read as one text: an expression's object would otherwise name the field "[object Object]".
	const given = (name: string, label: string, fallback: string) => {
		const value = this.getNodeParameter(name, fallback);
		return isBlank(value) ? '' : text(textOrNumber(node, value, label, itemIndex));
	};
	const field = given('binaryPropertyName', 'Input Binary Field', 'data');
	if (field === '')
		throw inputError(
			node,
			'Input Binary Field is required',
			'Name the binary field of the input item that holds the file, e.g. data.',
			itemIndex,
		);
	const binary = this.helpers.assertBinaryData(field);
	const bytes = await this.helpers.getBinaryDataBuffer(field);
	if (bytes.length === 0) {
		throw inputError(
			node,
			`The file in the binary field "${field}" is empty`,
			'The service takes only declarations with content. Check the node that produced the file.',
			itemIndex,
		);
	}
	const name = given('options.fileName', 'Options › File Name', '') || text(binary.fileName);
	if (name === '') {
		throw inputError(
			node,
			'File Name is required',
			`The file in "${field}" has no name; set Options › File Name.`,
			itemIndex,
		);
	}
	const advertise = this.getNodeParameter('advertise', false);
	if (typeof advertise !== 'boolean')
		throw inputError(
			node,
			`Advertise must be true or false; got "${String(advertise)}"`,
			undefined,
			itemIndex,
		);
	return { ...request, body: { data: bytes.toString('base64'), name, advertise } };
};

export const addDeclaration = defineOperation({
	resource: 'declaration',
	value: 'add',
	name: 'Add',
	action: 'Add a declaration to a property',
	description:
		'Attach a document (e.g. an energy declaration) to a property, from a file in the input item. The item holds the new declaration ID.',
	request: {
		method: 'POST',
		path: '/DeclarationProvider/{customerId}/{estateId}',
		pathLabels: { estateId: 'Estate ID' },
		bodyRoot: 'File',
		preSend: [fileFromBinary],
		output: {
			kind: 'value',
			key: 'declarationId',
			extra(this: IExecuteSingleFunctions) {
				return { estateId: text(pickedValue(this.getNodeParameter('estateId', ''))) };
			},
		},
	},
	fields: [
		estateIdField('The property (condominium, cottage or other) the document belongs to'),
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the input binary field containing the file to be attached',
			description:
				'Binary field of the input item that holds the document, e.g. from Read/Write Files from Disk or an e-mail attachment',
		},
		{
			displayName: 'Advertise',
			name: 'advertise',
			type: 'boolean',
			default: false,
			description:
				'Whether the document is published with the listing for prospective buyers to see',
		},
		optionsField([
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'Energideklaration.pdf',
				description: "Name the document is stored under; the input file's own name when left empty",
			},
		]),
	],
});
