/** Spreadsheet intake: a sheet's grid of text → header → column mapping → checked participants. */
export * from './types';
export { detectHeaderRow, countDataRows, MIN_HEADER_SCORE, type HeaderGuess } from './header';
export {
  suggestMapping, headerSignature, applyRememberedMapping, headerText, type SuggestOptions,
} from './mapping';
export { rowsToParticipants } from './rows';
export { checkRows, summarizeCheck } from './check';
export { pickParticipantSheet, isSideSheetName, sheetScore } from './sheets';
export { CONCEPTS, type Concept, type ConceptKind } from './vocabulary';
export { normaliseWords } from './words';
export { checkSheet, chooseSheet, SheetChoiceError, type CheckSheetOptions, type SheetCheck, type CheckedColumn, type WorkbookSheet, type SheetPayload, type SheetNote, SHEET_NOTE_CODES } from './check-sheet';
export { applyOverrides, MappingOverrideError, type ColumnOverride } from './overrides';
export { isTarget, resolveDuplicates } from './mapping';
export { mappingReasonText, MAPPING_REASON_CODES, MAPPING_OUTCOMES, type MappingReason, type MappingReasonCode, type MappingOutcome } from './mapping-reasons';
export { columnLetter, columnName } from './cells';
export { problemsOf, problemText, rowProblemsOf, ROW_PROBLEM_KINDS, type RowProblem, type RowProblemKind } from './problems';
export { participantTable, checkResultTable, type TextTable } from './export-table';
export { catalogWarnings, unknownDemographics } from './catalog-warnings';
