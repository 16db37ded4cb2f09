/**
 * The commands for packs kept in a game's git repository (SPEC §15):
 * `diff`, `merge-driver`, `lint` and `format`. The work is in
 * `core/repo/`; this file reads files, picks models and turns results into
 * lines and exit codes.
 */
import { writeFileSync } from 'node:fs';
import { defaultModelFor } from '../core/difficulty/defaultModel';
import type { DifficultyModel } from '../core/difficulty/model';
import { createPack, exportPack, importPack } from '../core/pack/pack';
import type { LevelPack } from '../core/pack/schema';
import { rulesetByName } from '../core/rules/registry';
import { diffPacks, formatPackDiff } from '../core/repo/diff';
import { EffectOracle } from '../core/repo/effect';
import { DEFAULT_LINT_RULES, formatViolation, lintPack, parseLintRules } from '../core/repo/lint';
import { mergePacks } from '../core/repo/merge';
import { CliError, listProblems } from './args';
import { readText, READ_LIMITS, writeOutput } from './io';

/** Settings every one of these commands takes. */
export interface RepoOptions {
  /** `--model`: used for every ruleset it fits; null: each pack's ruleset's shipped model. */
  readonly model: DifficultyModel | null;
  readonly maxStates: number;
}

type Out = (line: string) => void;

/** A pack file, or a CliError (exit 2) with every problem; `warn` hears of fields the format does not know (they are not kept). */
export function readPack(file: string, warn?: Out): LevelPack {
  const text = readText(file, 'a level pack', READ_LIMITS.levels);
  const r = importPack(text);
  if (!r.ok) throw new CliError(`${file} is not a readable level pack: ${listProblems(r.error)}`);
  if (warn !== undefined && r.value.warnings.length > 0) warn(`${file}: ${listProblems(r.value.warnings, 5)}; the merge does not keep them`);
  return r.value.pack;
}

/** The oracle for a pack: its ruleset, `--model` or the ruleset's shipped model. */
function oracleFor(pack: LevelPack, o: RepoOptions, cache: Map<string, EffectOracle>): EffectOracle {
  let oracle = cache.get(pack.rules);
  if (oracle === undefined) {
    oracle = new EffectOracle(rulesetByName(pack.rules), o.model ?? defaultModelFor(pack.rules), o.maxStates);
    cache.set(pack.rules, oracle);
  }
  return oracle;
}

/** `diff OLD NEW`: 1 when a level that was solvable no longer is, else 0. */
export function runDiff(oldFile: string, newFile: string, o: RepoOptions & { json: boolean }, out: Out): number {
  const before = readPack(oldFile), after = readPack(newFile);
  const cache = new Map<string, EffectOracle>();
  const d = diffPacks(before, after, { before: oracleFor(before, o, cache), after: oracleFor(after, o, cache) });
  if (o.json) out(JSON.stringify(d));
  else {
    const lines = formatPackDiff(d);
    for (const l of lines) out(l);
    if (lines.length === 0) out('no differences');
  }
  return d.broken.length > 0 ? 1 : 0;
}

/**
 * `merge-driver BASE OURS THEIRS [PATH]`, git's `%O %A %B %P`: the merge is
 * written to OURS; 0 clean, 1 conflict (the file keeps both versions,
 * marked). An empty BASE (no common ancestor: both sides added the file)
 * merges as an empty pack. An unreadable side leaves OURS as it is and
 * exits 2 (git counts any non-zero exit as a conflict).
 */
export function runMergeDriver(baseFile: string, oursFile: string, theirsFile: string, path: string | undefined, o: RepoOptions, err: Out): number {
  const warn = (l: string): void => err(`longcat merge-driver: ${l}`);
  const ours = readPack(oursFile, warn), theirs = readPack(theirsFile, warn);
  const baseText = readText(baseFile, 'the merge base', READ_LIMITS.levels);
  let base: LevelPack;
  if (baseText.trim() === '') base = createPack(ours.name, [], { rules: ours.rules });
  else {
    const r = importPack(baseText);
    if (!r.ok) throw new CliError(`the merge base of ${path ?? oursFile} is not a readable level pack: ${listProblems(r.error)}`);
    base = r.value.pack;
  }
  const r = mergePacks(base, ours, theirs, oracleFor(ours, o, new Map()));
  try {
    writeFileSync(oursFile, r.text);
  } catch (e) {
    throw new CliError(`cannot write the merge to ${oursFile}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const where = path ?? oursFile;
  for (const c of r.conflicts) err(`longcat merge-driver: ${where}: CONFLICT ${c.message}`);
  if (r.resolved.length > 0 && r.conflicts.length === 0) err(`longcat merge-driver: ${where}: merged cell by cell and re-solved: ${r.resolved.join(', ')}`);
  return r.conflicts.length > 0 ? 1 : 0;
}

/** `lint PACK [--rules FILE]`: one line per violation; 1 when there is one. */
export function runLint(file: string, rulesFile: string | undefined, o: RepoOptions, out: Out): number {
  let rules = DEFAULT_LINT_RULES;
  if (rulesFile !== undefined) {
    const r = parseLintRules(readText(rulesFile, 'a lint rules file', 1024 * 1024));
    if (!r.ok) throw new CliError(`${rulesFile} is not a lint rules file: ${r.error.join('; ')}`);
    rules = r.value;
  }
  const pack = readPack(file);
  const oracle = oracleFor(pack, o, new Map());
  const violations = lintPack(pack.levels, (rows) => oracle.of(rows), rules);
  for (const v of violations) out(`${file}: ${formatViolation(v)}`);
  return violations.length > 0 ? 1 : 0;
}

/** `format PACK...`: rewrites each pack in the canonical layout; with `check`, writes nothing and exits 1 naming each file that is not. */
export function runFormat(files: readonly string[], check: boolean, out: Out): number {
  let unformatted = 0;
  for (const file of files) {
    const text = readText(file, 'a level pack', READ_LIMITS.levels);
    const r = importPack(text);
    if (!r.ok) throw new CliError(`${file} is not a readable level pack: ${listProblems(r.error)}`);
    const canonical = exportPack(r.value.pack);
    if (canonical === text) continue;
    unformatted++;
    if (check) out(`${file}: not in the canonical layout (run longcat format ${file})`);
    else {
      writeOutput(file, canonical, 'PACK');
      out(`${file}: rewritten in the canonical layout`);
    }
  }
  return check && unformatted > 0 ? 1 : 0;
}
