/** The checks every node makes on its input before anything is sent; each refuses by the field's name. */
export { labelsByWirePath, textLengths } from './lengths';
export { type CheckSite, refuse } from './refuse';
export { isBlank, jsonText, listOf, oneOf, pathSegment, requiredText, objectAt, textOf, textOrNumber, wholeNumber, type WholeNumberRule } from './values';
export { sentFieldsStep } from './sentFields';
export { outgoingValuesStep } from './outgoing';
export { oneGiven } from './given';
