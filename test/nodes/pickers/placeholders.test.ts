import type { INodeProperties } from 'n8n-workflow';

import { packageNodes } from '../../harness/packageNodes';

/** Every record picker of every node, nested fields included, as the editor receives them. */
function pickers(properties: unknown[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const field = property as INodeProperties & { values?: unknown[] };
		const nested = [...((field.options as unknown[] | undefined) ?? []), ...(field.values ?? [])];
		return [...(field.type === 'resourceLocator' ? [field] : []), ...pickers(nested)];
	});
}

describe("Record pickers' placeholders", () => {
	const all = [...packageNodes().values()].flatMap((node) =>
		pickers(node.description.properties).map((field) => ({ node: node.description.name, field })),
	);

	test('From list reads "Select an estate...", "Select a bid...": the article the noun asks for, in every picker', () => {
		expect(all.length).toBeGreaterThan(20);
		const placeholders = all.map(
			({ field }) => field.modes!.find((mode) => mode.name === 'list')!.placeholder!,
		);
		const wrong = placeholders.filter(
			(text) => !/^Select (an [aeio]|a [^aeio])[a-z ]+\.\.\.$/.test(text),
		);
		expect(wrong).toEqual([]);
		expect(placeholders).toEqual(
			expect.arrayContaining([
				'Select an estate...',
				'Select an agent...',
				'Select an office...',
				'Select a bid...',
				'Select a person...',
			]),
		);
	});
});
