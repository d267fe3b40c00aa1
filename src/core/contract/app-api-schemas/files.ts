/**
 * Files: the page never names one. A spreadsheet reaches the main side as a grant, an
 * opaque id the main side issued for a file the person chose (its own open dialog, a file
 * dropped on the window whose path the preload takes from the real `File`, or, in the
 * browser preview, the bytes the person picked or dropped, uploaded in parts). What the app
 * writes is saved through its own save dialog, or in the preview handed to the browser as a
 * one-time download.
 */
import Type from 'typebox';

/**
 * The names the open dialog offers. Muster decides how to read a file by what it holds, not
 * its name; these are the names the formats it reads usually carry.
 */
export const SHEET_EXTENSIONS = [
  'xlsx', 'xlsm', 'xlsb', 'xls', 'ods', 'fods', 'numbers', 'csv', 'tsv', 'txt', 'xml', 'htm', 'html',
  'wk1', 'wk3', 'wk4', '123', 'wks', 'wq1', 'wb1', 'wb2', 'wb3', 'qpw', 'dbf', 'slk', 'dif', 'rtf',
] as const;

/** The largest spreadsheet read, as `muster check` reads it by default. */
export const MAX_SHEET_BYTES = 200 * 1024 * 1024;
/** The most bytes one upload part carries (base64 in a JSON message under the socket's 1 MiB). */
export const UPLOAD_PART_BYTES = 512 * 1024;

/** A grant or an upload's id: random, URL-safe, issued by the main side for this run only. */
export const FileTicket = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' });

export const FileGrantSchema = Type.Object({
  grant: FileTicket,
  /** The file's own name, to show (never a path). */
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
});

/** Where something the app wrote went: a path the person chose (the app), or a download to take (the preview). */
export const SavedFileSchema = {
  /** The file on this computer; null when cancelled or when it is handed to the browser. */
  path: Type.Union([Type.String(), Type.Null()]),
  /** The preview's one-time download: the page fetches `id` once (app-socket.ts's DOWNLOAD_PATH); `name` is the file's. */
  download: Type.Union([Type.Object({ id: FileTicket, name: Type.String() }), Type.Null()]),
  /** Whether the OS was asked to show it. */
  shown: Type.Boolean(),
};

export const FileResultSchema = Type.Object(SavedFileSchema);

export const FILES_METHODS = {
  /** The OS's open dialog for a spreadsheet: a grant for the chosen file; null when cancelled or when the host has none (the preview). */
  'files.chooseSheet': { args: Type.Tuple([]), result: Type.Union([FileGrantSchema, Type.Null()]) },
  /** The sample list shipped with the app, for the demo: a grant for it; null when the active service is not the demo or the host ships none. */
  'files.sampleSheet': { args: Type.Tuple([]), result: Type.Union([FileGrantSchema, Type.Null()]) },
  /** The preview's way in: a file the person picked in the browser, sent in parts; refused in a sentence when too large. */
  'files.beginUpload': {
    args: Type.Tuple([Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), size: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) })]),
    result: Type.Object({ upload: FileTicket }),
  },
  'files.uploadPart': {
    args: Type.Tuple([FileTicket, Type.Object({ offset: Type.Integer({ minimum: 0 }), data: Type.String({ maxLength: Math.ceil(UPLOAD_PART_BYTES / 3) * 4, pattern: '^[A-Za-z0-9+/]*={0,2}$' }) })]),
    result: Type.Object({ received: Type.Integer({ minimum: 0 }) }),
  },
  /** The whole file arrived: its grant. */
  'files.finishUpload': { args: Type.Tuple([FileTicket]), result: FileGrantSchema },
  'files.openDataFolder': { args: Type.Tuple([]), result: Type.Object({ path: Type.String(), shown: Type.Boolean() }) },
  /** Writes what helps a supporter (versions, mirror and outbox state, recent errors) without tokens. */
  'files.exportDiagnostics': { args: Type.Tuple([]), result: FileResultSchema },
} as const;
