/** The data folder and files the app writes, handed to the OS. */
import Type from 'typebox';

export const FileResultSchema = Type.Object({
  path: Type.String(),
  /** Whether the OS was asked to show it (the preview cannot; it only says where). */
  shown: Type.Boolean(),
});

export const FILES_METHODS = {
  /** The OS's open dialog for a spreadsheet; null when cancelled or when the host has none (the preview). */
  'files.chooseSheet': { args: Type.Tuple([]), result: Type.Union([Type.String(), Type.Null()]) },
  'files.openDataFolder': { args: Type.Tuple([]), result: FileResultSchema },
  /** Writes what helps a supporter (versions, mirror and outbox state, recent errors) without tokens. */
  'files.exportDiagnostics': { args: Type.Tuple([]), result: FileResultSchema },
} as const;
