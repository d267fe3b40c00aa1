/**
 * Writes every spreadsheet-intake fixture into a folder, with a README saying what each
 * file holds, so a person can open them in Excel or LibreOffice:
 *   npx tsx scripts/make-fixtures.mts OUTDIR
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FIXTURE_FILES, fixtureAbout, writeIntakeFixtures } from '../test/fixtures/intake-files';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npx tsx scripts/make-fixtures.mts OUTDIR');
  process.exit(2);
}
const out = resolve(dir);
writeIntakeFixtures(out);
const width = Math.max(...FIXTURE_FILES.map((f) => f.length));
const readme = FIXTURE_FILES.map((file) => `${file.padEnd(width)}  ${fixtureAbout(file)}`).join('\n');
writeFileSync(join(out, 'README.txt'), `Spreadsheet intake fixtures (muster check FILE reads each one).\n\n${readme}\n`);
console.log(`Wrote ${FIXTURE_FILES.length} files to ${out}`);
