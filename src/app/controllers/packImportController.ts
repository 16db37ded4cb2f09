/**
 * Files and pasted text into the pack (`files/importText.ts`), with a pack
 * file's JSON read and checked in its own worker: a file of 5,000 levels
 * costs the page one store update, not the parse and every check as well.
 */
import { PackFileClient } from '../../workers/packFile.client';
import { importText } from '../files/importText';
import type { StudioStore } from '../store/store';

export class PackImportController {
  private readonly files: PackFileClient;

  constructor(private readonly store: StudioStore, files: PackFileClient = new PackFileClient()) {
    this.files = files;
  }

  /** Imports `text` named `fileName` (see `importText`); resolves to false when nothing could be read. */
  importText(text: string, fileName: string): Promise<boolean> {
    return importText(this.store, text, fileName, (t) => this.files.check(t));
  }

  dispose(): void {
    this.files.dispose();
  }
}
