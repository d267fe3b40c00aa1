import type { Migration } from '../../../core/sql/migrations';
import { migration001 } from './001_events';
import { migration002 } from './002_drafts';
import { migration003 } from './003_imports';
import { migration004 } from './004_subjects';
import { migration005 } from './005_outbox';
import { migration006 } from './006_subject_search';
import { migration007 } from './007_subject_order';
import { migration008 } from './008_subject_text_keys';
import { migration009 } from './009_draft_names';
import { migration010 } from './010_draft_row_notes';
import { migration011 } from './011_suggestion_rejections';
import { migration012 } from './012_value_choices';
import { migration013 } from './013_outbox_error_words';
import { migration014 } from './014_edit_patches';
import { migration015 } from './015_draft_rows_behind';

/** Every schema step of the mirror, in order. Append; never edit a released one. */
export const MIRROR_MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014, migration015];
