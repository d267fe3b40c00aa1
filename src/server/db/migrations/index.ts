import type { Migration } from '../../../core/sql/migrations';
import { migration001 } from './001_imports';
import { migration002 } from './002_subjects';
import { migration003 } from './003_job_safety';
import { migration004 } from './004_id_high_water';
import { migration005 } from './005_subject_search';

/** Every schema step of the reference service, in order. Append; never edit an old one. */
export const SERVICE_MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005];
