export { buildXml, type XmlBuildOptions } from './build';
export { parseXml } from './parse';
export { toCamelCase, toPascalCase } from './names';
