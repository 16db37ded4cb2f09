/**
 * The predictor lab's saved models and the active choice in IndexedDB
 * (record `labModels`). Every model is validated on load with
 * `validateDifficultyModel`; a corrupt one is dropped with a sentence, and
 * when the active model is the corrupt one the studio falls back to the
 * shipped default.
 */
import { validateDifficultyModel } from '../../core/difficulty/model';
import type { SavedModel } from '../store/labSlice';
import { SAVE_VERSION } from './restore';

export interface SavedLabModels {
  readonly version: typeof SAVE_VERSION;
  readonly models: readonly SavedModel[];
  readonly activeId: string | null;
}

export function saveLabModels(models: readonly SavedModel[], activeId: string | null): SavedLabModels {
  return { version: SAVE_VERSION, models, activeId };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface RestoredLabModels {
  readonly models: SavedModel[];
  /** The active id when it names a valid model, else null (the shipped default). */
  readonly activeId: string | null;
  /** Sentences about what could not be restored. */
  readonly problems: string[];
}

/** Reads the saved record back: valid models kept, each invalid one reported. Never throws. */
export function restoreLabModels(json: unknown): RestoredLabModels {
  if (!isObject(json) || json['version'] !== SAVE_VERSION || !Array.isArray(json['models'])) {
    return { models: [], activeId: null, problems: ['the saved difficulty models are not in a format this version reads; using the shipped default model'] };
  }
  const wantedActive = typeof json['activeId'] === 'string' ? json['activeId'] : null;
  const models: SavedModel[] = [];
  const problems: string[] = [];
  let activeLost = false;
  (json['models'] as unknown[]).forEach((entry, i) => {
    const id = isObject(entry) && typeof entry['id'] === 'string' ? entry['id'] : null;
    const raw = isObject(entry) ? entry['model'] : undefined;
    const name = isObject(raw) && typeof raw['name'] === 'string' ? `"${raw['name'].slice(0, 80)}"` : `number ${i + 1}`;
    const r = validateDifficultyModel(raw);
    if (id === null || !r.ok) {
      const first = r.ok ? { path: 'id', message: 'is missing' } : r.error[0]!;
      const more = !r.ok && r.error.length > 1 ? ` and ${r.error.length - 1} more problems` : '';
      problems.push(`the saved difficulty model ${name} is invalid (${first.path}: ${first.message}${more}) and was dropped`);
      if (id !== null && id === wantedActive) activeLost = true;
      return;
    }
    if (models.some((m) => m.id === id)) return;
    const savedAt = isObject(entry) && typeof entry['savedAt'] === 'string' ? entry['savedAt'] : '';
    models.push({ id, savedAt, model: r.value });
  });
  const active = wantedActive !== null && models.some((m) => m.id === wantedActive) ? wantedActive : null;
  if (wantedActive !== null && active === null) {
    problems.push(activeLost ? 'the active difficulty model was corrupt; using the shipped default model' : 'the active difficulty model is missing; using the shipped default model');
  }
  return { models, activeId: active, problems };
}
