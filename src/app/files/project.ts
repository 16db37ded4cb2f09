/**
 * The project file (Ctrl+S / Ctrl+O): the whole document in one JSON file,
 * the pack (in the pack format, difficulties derived by the active model),
 * the level in the editor with its name, and which pack level it is.
 * Reading one checks everything (zod for the envelope, the pack's own
 * importer for the pack, `parseRows` for the level); a bad file changes
 * nothing and says what is wrong.
 */
import { z } from 'zod';
import { describeParseError, parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { exportPack, importPackJson } from '../../core/pack/pack';
import type { LevelPack } from '../../core/pack/schema';
import { err, ok, type Result } from '../../core/util/result';
import type { OpenLevel } from '../store/history';

export const PROJECT_FORMAT = 'longcat-project';
export const PROJECT_VERSION = 1;

const ProjectSchema = z.object({
  format: z.literal(PROJECT_FORMAT),
  version: z.literal(PROJECT_VERSION),
  level: z.object({ rows: z.array(z.string().max(16)).max(16), name: z.string().max(200) }),
  openInPack: z.string().min(1).max(100).nullable(),
  pack: z.unknown(),
});

export interface Project {
  readonly level: Level;
  readonly levelName: string;
  readonly pack: LevelPack;
  readonly open: OpenLevel | null;
}

/** The project as file text (2-space JSON; the pack inside is exactly its export). */
export function projectText(p: { level: Level; levelName: string; pack: LevelPack; openId: string | null }): string {
  const doc = {
    format: PROJECT_FORMAT,
    version: PROJECT_VERSION,
    level: { rows: toRows(p.level), name: p.levelName },
    openInPack: p.openId,
    pack: JSON.parse(exportPack(p.pack)) as unknown,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** True when parsed JSON claims to be a project (so the importer can tell it from a pack). */
export function isProjectJson(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as Record<string, unknown>)['format'] === PROJECT_FORMAT;
}

/** Reads a project file: every problem as "path: message", or the project. */
export function parseProject(text: string): Result<Project, string[]> {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return err([`the file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`]);
  }
  const r = ProjectSchema.safeParse(json);
  if (!r.success) return err(r.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`));
  const pack = importPackJson(r.data.pack);
  if (!pack.ok) return err(pack.error.map((p) => `pack.${p.path}: ${p.message}`));
  const level = parseRows(r.data.level.rows);
  if (!level.ok) return err([`level.rows: ${describeParseError(level.error)}`]);
  const id = r.data.openInPack;
  const openLevel = id === null ? undefined : pack.value.pack.levels.find((l) => l.id === id);
  if (id !== null && openLevel === undefined) return err([`openInPack: no level of the pack has the id ${JSON.stringify(id)}`]);
  return ok({
    level: level.value,
    levelName: r.data.level.name,
    pack: pack.value.pack,
    open: openLevel === undefined ? null : { id: openLevel.id, baseRows: openLevel.rows, baseName: openLevel.name },
  });
}
