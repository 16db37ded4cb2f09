/** Opens a level from a share link (`#level=...`) and clears the hash so a reload keeps later edits. */
import { decodeShareHash, hasShareLevel } from '../adapters/shareLink';
import type { StudioStore } from '../store/store';

/** Opens the hash's level, if any; returns true when the hash held one (valid or not). */
export function openSharedLevel(store: StudioStore, hash: string): boolean {
  if (!hasShareLevel(hash)) return false;
  const decoded = decodeShareHash(hash);
  const s = store.getState();
  if (decoded.ok) {
    s.openLevelAs(decoded.value.level, decoded.value.name === '' ? 'shared level' : decoded.value.name, decoded.value.rules);
    s.notify('info', `Opened the shared level${decoded.value.name !== '' ? ` “${decoded.value.name}”` : ''} (Ctrl+Z goes back).`);
  } else s.notify('error', `Cannot open the shared link: ${decoded.error}`);
  return true;
}

/** Handles the page's hash now and on every change; returns the unsubscribe. */
export function connectShareLinks(store: StudioStore): () => void {
  const handle = (): void => {
    if (openSharedLevel(store, window.location.hash)) {
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  };
  handle();
  window.addEventListener('hashchange', handle);
  return () => window.removeEventListener('hashchange', handle);
}
