/**
 * xml: the service's XML message format, read and written (camelCase fields in, PascalCase
 * elements out). Bottom layer: imports nothing else in nodes/shared.
 */
export { buildXml, type XmlBuildOptions } from './build';
export { parseXml } from './parse';
export { toCamelCase, toPascalCase } from './names';
