/**
 * What the app wrote, handed on: the app saved it where the person chose (its path is said);
 * the preview hands it to the browser, which downloads it once (its name is said).
 */
import { DOWNLOAD_PATH } from '../../core/contract/app-socket';

export interface SavedFile {
  path: string | null;
  download: { id: string; name: string } | null;
}

/** The path or file name to tell the person, after starting the browser's download; null when nothing was written. */
export function handOn(saved: SavedFile, doc: Document = document): string | null {
  if (saved.download) {
    const link = doc.createElement('a');
    link.href = `${DOWNLOAD_PATH}${encodeURIComponent(saved.download.id)}`;
    link.download = saved.download.name;
    link.hidden = true;
    doc.body.append(link);
    link.click();
    link.remove();
    return saved.download.name;
  }
  return saved.path;
}
