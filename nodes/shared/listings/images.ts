import type { IDataObject } from 'n8n-workflow';

import { textOf } from '../rules';
import { type BrokerContext, send } from '../wire';
import { IMAGE_PATH } from './kinds';

/** Which of a record's pictures to read: none, its first (the main one), or all. */
export type PictureChoice = 'none' | 'main' | 'all';

/** An image reference of a record (advertising.md section 10): `{ id, name, description, category, extension, dataChangedAt }`. */
export type ImageReference = IDataObject & { id: string };

const MIME_TYPES: Record<string, string> = {
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	webp: 'image/webp',
	bmp: 'image/bmp',
	tif: 'image/tiff',
	tiff: 'image/tiff',
	svg: 'image/svg+xml',
	heic: 'image/heic',
};

function isReference(value: unknown): value is ImageReference {
	return (
		value !== null &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		textOf((value as IDataObject).id) !== undefined
	);
}

/**
 * The image references of a record, in the record's order: an estate's, a project's or an
 * area's `images[]`, an agent's one `image`. The main picture is the first (the service marks none).
 */
export function imageReferences(record: IDataObject, choice: PictureChoice): ImageReference[] {
	if (choice === 'none') return [];
	const all = [
		...(Array.isArray(record.images) ? record.images : []),
		...(isReference(record.image) ? [record.image] : []),
	].filter(isReference);
	return choice === 'main' ? all.slice(0, 1) : all;
}

/** The reference's extension without a dot, lower case ('jpg'), when it gives one. */
function extensionOf(reference: ImageReference): string | undefined {
	const extension = textOf(reference.extension)?.replace(/^\./, '').toLowerCase();
	return extension && /^[a-z0-9]{1,8}$/.test(extension) ? extension : undefined;
}

/** The picture's file name and type from its reference: `<image id>.<extension>`, the type its extension names. */
export function pictureFile(reference: ImageReference): { fileName: string; mimeType: string } {
	const extension = extensionOf(reference);
	const id = String(reference.id).replace(/[^\w.-]/g, '_');
	return {
		fileName: extension ? `${id}.${extension}` : id,
		mimeType: (extension && MIME_TYPES[extension]) || 'application/octet-stream',
	};
}

/**
 * One picture's bytes (GET /Advertising/Image/{customerId}/{imageId}), the stored original,
 * read up to `maxMegabytes`; a larger one is refused unread (the caller words why).
 */
export async function readPicture(
	context: BrokerContext,
	reference: ImageReference,
	maxMegabytes: number,
): Promise<{ bytes: Buffer; contentType?: string }> {
	const { body, contentType } = await send(
		context,
		{
			method: 'GET',
			path: IMAGE_PATH,
			pathValues: { imageId: reference.id },
			pathLabels: { imageId: 'Image ID' },
		},
		{ bytes: { maxMegabytes } },
	);
	return { bytes: body as Buffer, ...(contentType ? { contentType } : {}) };
}
