import { join } from 'node:path';

/**
 * The sample list the demo's event offers (written by scripts/make-sample-list.mts), inside
 * a folder of resources: `resources/` of the repository or package, or the installed app's
 * resources folder, where electron-builder copies `resources/sample` as `sample`.
 */
export const SAMPLE_SHEET_NAME = 'sample-participants.xlsx';

export const sampleSheetIn = (resources: string): string => join(resources, 'sample', SAMPLE_SHEET_NAME);
