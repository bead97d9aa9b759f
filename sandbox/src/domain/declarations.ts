import { invalidField } from '../errors';
import type { SandboxStore } from '../store/store';
import type { Declaration } from '../store/types';
import { requireEstate } from './access';

/** File of records.md: a declaration document for an estate. */
export interface DeclarationFile {
	data: string;
	name: string;
	advertise?: boolean;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Decoded bytes of strict Base64 (line breaks and spaces allowed, as in MIME); 400 on `data` otherwise. */
export function decodeBase64(text: string, field = 'data'): Buffer {
	const compact = text.replace(/\s+/g, '');
	if (!compact) throw invalidField(field, 'must not be empty');
	if (compact.length % 4 !== 0 || !BASE64.test(compact))
		throw invalidField(field, 'must be Base64');
	const bytes = Buffer.from(compact, 'base64');
	if (!bytes.length) throw invalidField(field, 'must not be empty');
	return bytes;
}

/**
 * POST /DeclarationProvider/{customerId}/{estateId}: stores the document (store.declarations)
 * and lists it on the estate; 404 unknown estate, 403 another customer's.
 */
export function addDeclaration(
	store: SandboxStore,
	customerId: string,
	estateId: string,
	file: DeclarationFile,
): Declaration {
	const estate = requireEstate(store, customerId, estateId);
	const name = file.name.trim();
	if (!name) throw invalidField('name', 'must not be empty');
	const bytes = decodeBase64(file.data);
	const at = store.now();
	const declaration: Declaration = {
		id: store.nextId('declaration'),
		estateId: estate.id,
		customerId: estate.customerId,
		name,
		advertise: file.advertise ?? false,
		data: file.data.replace(/\s+/g, ''),
		size: bytes.length,
		addedAt: at,
	};
	store.declarations.set(declaration.id, declaration);
	estate.declarations.push({
		id: declaration.id,
		name,
		advertise: declaration.advertise,
		size: declaration.size,
		addedAt: at,
	});
	estate.changedAt = at;
	return declaration;
}
