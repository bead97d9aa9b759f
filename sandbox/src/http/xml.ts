import { SandboxError } from '../errors';
import type { XmlNames } from './negotiation';

/** Placeholder until the project's XML codec (nodes/shared/xml) exists. */
export function toXml(_value: unknown, _names: XmlNames): string {
	throw new SandboxError(406, 'XML responses are not available yet.');
}

export function fromXml(_text: string): unknown {
	throw new SandboxError(415, 'XML request bodies are not available yet.');
}
