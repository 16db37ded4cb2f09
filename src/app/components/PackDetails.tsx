/**
 * Notes and tags of the pack level open in the editor (each change
 * undoable; typing merges into one step). The box names its level in its
 * title and its fields' labels, and clicking a pack row opens that row, so
 * what is typed here never goes to another level than the one named.
 */
import { useState } from 'react';
import { useActions, useStudio } from '../studioContext';

export function PackDetails() {
  const open = useStudio((s) => (s.openInPack === null ? undefined : s.pack.levels.find((l) => l.id === s.openInPack!.id)));
  if (open === undefined) return null;
  // Keyed by id so the tags draft starts over for another level.
  return <Details key={open.id} id={open.id} name={open.name} notes={open.notes ?? ''} tags={open.tags ?? []} />;
}

function Details({ id, name, notes, tags }: { id: string; name: string; notes: string; tags: readonly string[] }) {
  const get = useActions();
  const [draft, setDraft] = useState<string | null>(null);
  const commitTags = (): void => {
    if (draft === null) return;
    get().setPackLevelTags(id, draft.split(','));
    setDraft(null);
  };
  return (
    <details className="pack-details" open data-testid="pack.details">
      <summary>
        Notes and tags of <b data-testid="pack.details.level" data-id={id}>“{name}”</b>
      </summary>
      <textarea rows={2} placeholder={`Notes for “${name}”`} aria-label={`notes of “${name}”`} data-testid="pack.notes" value={notes} maxLength={2000} onChange={(e) => get().setPackLevelNotes(id, e.target.value)} />
      <input
        type="text"
        placeholder={`tags of “${name}”, comma separated`}
        aria-label={`tags of “${name}”`}
        data-testid="pack.tags"
        value={draft ?? tags.join(', ')}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commitTags}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitTags();
        }}
      />
    </details>
  );
}
