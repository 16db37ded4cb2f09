/**
 * The predictor lab's saved models and the active choice in IndexedDB
 * (record `labModels`). Every model is validated on load with
 * `validateDifficultyModel`; a corrupt one is dropped with a sentence, and
 * when the active model is the corrupt one the studio falls back to the
 * shipped default.
 */
import { migrateRecord, recordHistory } from './migrations';
import { z } from 'zod';
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

export const LAB_MODELS_RECORD = recordHistory('the saved difficulty models', SAVE_VERSION);

/** The record around the models; each model is then checked on its own (a bad one is dropped, not the lot). */
const SavedLabModelsSchema = z.object({
  version: z.literal(SAVE_VERSION),
  models: z.array(z.unknown()),
  activeId: z.string().nullable().catch(null),
});

/** One saved entry; its model is judged by `validateDifficultyModel`, a missing id is reported with it. */
const EntrySchema = z
  .object({ id: z.string().nullable().catch(null), savedAt: z.string().catch(''), model: z.unknown() })
  .catch({ id: null, savedAt: '', model: undefined });

/** The model's name, for the sentence about a dropped one (when it has a readable one). */
const NamedSchema = z.object({ name: z.string() });

export interface RestoredLabModels {
  readonly models: SavedModel[];
  /** The active id when it names a valid model, else null (the shipped default). */
  readonly activeId: string | null;
  /** Sentences about what could not be restored. */
  readonly problems: string[];
}

/** Reads the saved record back: valid models kept, each invalid one reported. Never throws. */
export function restoreLabModels(json: unknown): RestoredLabModels {
  const migrated = migrateRecord(LAB_MODELS_RECORD, json);
  if (!migrated.ok) return { models: [], activeId: null, problems: [`${migrated.error}; using the shipped default model`] };
  const saved = SavedLabModelsSchema.safeParse(migrated.value);
  if (!saved.success) {
    return { models: [], activeId: null, problems: ['the saved difficulty models are not in a format this version reads; using the shipped default model'] };
  }
  const wantedActive = saved.data.activeId;
  const models: SavedModel[] = [];
  const problems: string[] = [];
  let activeLost = false;
  saved.data.models.forEach((raw, i) => {
    const { id, savedAt, model } = EntrySchema.parse(raw);
    const named = NamedSchema.safeParse(model);
    const name = named.success ? `"${named.data.name.slice(0, 80)}"` : `number ${i + 1}`;
    const r = validateDifficultyModel(model);
    if (id === null || !r.ok) {
      const first = r.ok ? { path: 'id', message: 'is missing' } : r.error[0]!;
      const more = !r.ok && r.error.length > 1 ? ` and ${r.error.length - 1} more problems` : '';
      problems.push(`the saved difficulty model ${name} is invalid (${first.path}: ${first.message}${more}) and was dropped`);
      if (id !== null && id === wantedActive) activeLost = true;
      return;
    }
    if (models.some((m) => m.id === id)) return;
    models.push({ id, savedAt, model: r.value });
  });
  const active = wantedActive !== null && models.some((m) => m.id === wantedActive) ? wantedActive : null;
  if (wantedActive !== null && active === null) {
    problems.push(activeLost ? 'the active difficulty model was corrupt; using the shipped default model' : 'the active difficulty model is missing; using the shipped default model');
  }
  return { models, activeId: active, problems };
}
