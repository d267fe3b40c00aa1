/**
 * Writes the intake fixtures into a temp folder once per test file and checks them through
 * checkFile. Every check starts a sheet worker (about a second under tsx), so a check with
 * the same options is done once and shared by the tests that look at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile, type CheckFileOptions, type FileCheck } from '../../../../src/services/intake/check-file';
import { writeIntakeFixtures, type FixtureFile } from '../../../fixtures/intake-files';

type Options = Omit<CheckFileOptions, 'memory' | 'onProgress'>;

/** A check that keeps the cells it read, so tests can compare them with what the file holds. */
export type KeptCheck = FileCheck & Required<Pick<FileCheck, 'workbook'>>;

export function fixtureChecker(only?: readonly FixtureFile[]) {
  let dir = '';
  let files = {} as Record<FixtureFile, string>;
  const done = new Map<string, Promise<KeptCheck>>();
  return {
    setUp(): void {
      dir = mkdtempSync(join(tmpdir(), 'muster-intake-'));
      files = writeIntakeFixtures(dir, only);
    },
    tearDown(): void {
      rmSync(dir, { recursive: true, force: true });
    },
    path: (file: FixtureFile): string => files[file],
    check(file: FixtureFile, options: Options = {}): Promise<KeptCheck> {
      const key = `${file} ${JSON.stringify(options)}`;
      let result = done.get(key);
      if (!result) {
        result = checkFile(files[file], { ...options, keepCells: true }) as Promise<KeptCheck>;
        done.set(key, result);
      }
      return result;
    },
  };
}

export const columnsOf = (result: FileCheck) => result.columns.map(({ column, header, maps_to }) => ({ column, header, maps_to }));
export const targets = (result: FileCheck) => result.columns.map((c) => c.maps_to);
