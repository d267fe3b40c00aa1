/**
 * A spreadsheet being opened for an event, from the person's choice to its draft. The page
 * never names a path: in the app, the system's dialog or a dropped file's grant from the
 * preload; in the browser preview, the bytes of the file picked or dropped, sent in parts.
 * Then a look at the sheet (its sheet, header row and mapping), changeable, then the draft.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppApiArgs, FileGrant, SheetPreview } from '../../../core/contract/app-api';
import { UPLOAD_PART_BYTES } from '../../../core/contract/app-api-schemas/files';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';

/** The file looked at; `replace` once the person chose to start over from it instead of continuing its draft. */
export interface Looking {
  externalEventId: number;
  file: FileGrant;
  preview: SheetPreview;
  replace?: number;
}

/** What the person chose in the sheet's setup. */
export type SheetChoices = Omit<AppApiArgs<'drafts.open'>[0], 'grant' | 'externalEventId' | 'replace'>;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

export const useSheetStore = defineStore('sheet', () => {
  const api = useClient();
  const looking = shallowRef<Looking | null>(null);
  /** A file whose bytes are on their way (the preview only), with the share sent so far. */
  const sending = ref<{ name: string; percent: number } | null>(null);
  /** Choosing, sending, reading or opening: one step at a time, said as it runs. */
  const step = useAction((work: () => Promise<unknown>) => work());
  /** Reading the sheet again after a change in its setup. */
  const setup = useAction(async (change: SheetChoices) => {
    const now = looking.value;
    if (!now) return;
    const preview = await api['drafts.inspect']({ grant: now.file.grant, externalEventId: now.externalEventId, ...change });
    // The person may have picked another file meanwhile; this answer is not about it.
    if (looking.value?.file.grant === now.file.grant) looking.value = { ...looking.value, preview };
  });

  async function look(externalEventId: number, file: FileGrant) {
    looking.value = null;
    looking.value = { externalEventId, file, preview: await api['drafts.inspect']({ grant: file.grant, externalEventId }) };
  }

  async function upload(file: File): Promise<FileGrant> {
    const { upload } = await api['files.beginUpload']({ name: file.name.slice(-255) || 'sheet', size: file.size });
    for (let offset = 0; offset < file.size; ) {
      const part = new Uint8Array(await file.slice(offset, offset + UPLOAD_PART_BYTES).arrayBuffer());
      await api['files.uploadPart'](upload, { offset, data: base64(part) });
      offset += part.length;
      sending.value = { name: file.name, percent: Math.floor((offset / file.size) * 100) };
    }
    return api['files.finishUpload'](upload);
  }

  /** Runs a step; answers whether it went through (its failure is in `step.error`). */
  async function run(work: () => Promise<unknown>): Promise<boolean> {
    const done = (await step.run(async () => (await work(), true))) === true;
    sending.value = null;
    return done;
  }

  return {
    looking,
    sending,
    step,
    setup,
    /** Whether the host shows its own open dialog (the app); the preview uses the browser's file input. */
    hasFileDialog: () => typeof api.grantFile === 'function',
    /** An event's screen opened: it starts from no sheet, as a screen left and come back to does. */
    start() {
      looking.value = null;
      sending.value = null;
      step.clear();
      setup.clear();
    },
    /** The system's open dialog, then a look at the sheet chosen (nothing when the person cancels). */
    choose: (externalEventId: number) =>
      run(async () => {
        const chosen = await api['files.chooseSheet']();
        if (chosen) await look(externalEventId, chosen);
      }),
    /** The demo's own messy list, so a newcomer reaches the workspace without a file of theirs. */
    sample: (externalEventId: number) =>
      run(async () => {
        const sample = await api['files.sampleSheet']();
        if (sample) await look(externalEventId, sample);
      }),
    /** A file picked or dropped in the page: its grant first (the preview sends its bytes), then the look. */
    take(externalEventId: number, file: File) {
      sending.value = { name: file.name, percent: 0 };
      return run(async () => {
        const granted = api.grantFile ? await api.grantFile(file) : await upload(file);
        sending.value = null;
        await look(externalEventId, granted);
      });
    },
    /** Starts over from the file instead of continuing the draft made from it before. */
    startOver(draftId: number) {
      if (looking.value) looking.value = { ...looking.value, replace: draftId };
    },
    /** Opens the sheet as a draft with the choices made; answers the draft's id. */
    async open(choices: SheetChoices): Promise<number | null> {
      const chosen = looking.value;
      if (!chosen) return null;
      let id: number | null = null;
      const replace = chosen.replace !== undefined ? { replace: chosen.replace } : {};
      await run(async () => {
        id = (await api['drafts.open']({ grant: chosen.file.grant, externalEventId: chosen.externalEventId, ...choices, ...replace })).draft.id;
      });
      return id;
    },
  };
});
