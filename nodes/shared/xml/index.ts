export { buildXml, type XmlBuildOptions } from './build';
export { parseXml, xmlNestsDeeperThan } from './parse';
export { toCamelCase, toPascalCase } from './names';
