// The one place the package imports fast-xml-parser. The build replaces the compiled form of
// this file with the library's self-contained bundle (gulpfile.js), so the published package
// needs no runtime dependency; from the sources, the installed package serves.
export { XMLBuilder, XMLParser } from 'fast-xml-parser';
