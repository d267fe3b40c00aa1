import type { SheetNote } from '../../core/intake/check-sheet';

/** One sheet as text cells, the way a person sees them; empty cells are ''. */
export interface SheetData {
  name: string;
  hidden: boolean;
  rows: string[][];
}

export interface WorkbookData {
  format: 'xlsx' | 'xls' | 'ods' | 'fods' | 'xml2003' | 'html' | 'csv' | 'numbers' | 'lotus' | 'dbf' | 'sylk' | 'dif' | 'rtf';
  /** For CSV: how the bytes were decoded and split. */
  encoding?: string;
  delimiter?: string;
  sheets: SheetData[];
  /** What is said of how the file was read (a repaired quote), as data the catalogs word. */
  notes?: SheetNote[];
}
