import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { CONTACT_READ_PATHS, readGathered } from '../../shared/steps';
import { type AnswerStep, recordId } from '../../shared/engine';
import { failedItem } from '../../shared/items';
import { simplifyField } from './simplify';

/** Return Full Records: each listed or found contact as its whole record. */
export const returnFullRecordsField: INodeProperties = {
	displayName: 'Return Full Records',
	name: 'returnFullRecords',
	type: 'boolean',
	default: true,
	description:
		"Whether to return each contact's whole record (name, email, phone, address, agent …), read 20 contacts a call, instead of only its ID, type and change time",
};

/** Simplify applies to whole records only. */
export const simplifyOfWholeRecords: INodeProperties = {
	...simplifyField,
	displayOptions: { show: { returnFullRecords: [true] } },
};

/** Return All off: the first Limit entries only, so no whole record is read only to be cut off after. */
function limited(
	context: ThisParameterType<AnswerStep>,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	const hasLimit = context.getNodeParameter('returnAll', true) === false;
	if (!hasLimit) return items;
	const limit = Number(context.getNodeParameter('limit', 50));
	return Number.isFinite(limit) && limit > 0 ? items.slice(0, limit) : items;
}

/**
 * The listed or found contacts (id, type, change time) as whole records: each id is read on
 * its type's endpoint, gathered with the other ids of that type (and of the run's other items)
 * into calls of 20. Each record replaces its entry in place, keeping the entry's own fields
 * (a search's score). A contact listed but not returned by the read (removed in between) keeps
 * its entry and says so in `fullRecordError`; a failed read fails the item, as its list would.
 */
export const wholeRecords: AnswerStep = async function (items) {
	if (this.getNodeParameter('returnFullRecords', true) !== true) return items;
	const entries = limited(this, items);
	try {
		const byType = new Map<string, string[]>();
		for (const { json } of entries) {
			const id = recordId(json);
			const path = CONTACT_READ_PATHS[String(json.type)];
			if (id !== undefined && path) byType.set(path, [...(byType.get(path) ?? []), id]);
		}
		const records = new Map<string, IDataObject>();
		await Promise.all(
			[...byType].map(async ([path, ids]) => {
				const unique = [...new Set(ids)];
				const outcomes = await readGathered(this, path, unique);
				outcomes.forEach((outcome, index) => {
					if ('error' in outcome) throw outcome.error;
					records.set(`${path} ${unique[index]}`, 'record' in outcome ? outcome.record : {});
				});
			}),
		);
		return entries.map((item) => {
			const id = recordId(item.json);
			const path = CONTACT_READ_PATHS[String(item.json.type)];
			if (id === undefined || !path) return item;
			const record = records.get(`${path} ${id}`) ?? {};
			if (Object.keys(record).length === 0)
				return {
					...item,
					json: {
						...item.json,
						fullRecordError:
							'The service returned no record for this contact (removed since it was listed?)',
					},
				};
			return { ...item, json: { ...item.json, ...structuredClone(record) } };
		});
	} catch (error) {
		return failedItem(this, error, this.getItemIndex());
	}
};
