/**
 * A designer's rules for a pack (SPEC §15), checked by `longcat lint` in a
 * game's CI and live in the studio as a level is drawn. The rules file:
 *
 * ```json
 * { "format": "longcat-lint-rules", "version": 1,
 *   "solvable": true, "uniqueSolution": true, "minShortestSolution": 6,
 *   "difficulty": { "min": 10, "max": 80 }, "maxDeadShare": 0.5,
 *   "noSymmetricDuplicates": true }
 * ```
 *
 * Every rule is optional; a rule left out is not checked. Without a file,
 * {@link DEFAULT_LINT_RULES}: every level solvable, no two levels equal up
 * to symmetry. A level's rules read only its {@link LevelEffect} (the
 * studio builds one from the analysis it already has, so checking adds no
 * search); the duplicate rule reads the whole pack.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../util/result';
import type { LevelEffect } from './effect';
import { symmetryKey } from './symmetry';

/** The rules file's `format` tag. */
export const LINT_RULES_FORMAT = 'longcat-lint-rules';

const count = z.number().int().min(0);
const share = z.number().min(0).max(1);

/** Schema of a rules file (unknown keys are refused: a misspelt rule must not pass in silence). */
export const LintRulesSchema = z.strictObject({
  format: z.literal(LINT_RULES_FORMAT),
  version: z.literal(1),
  /** Every level has a solution. */
  solvable: z.boolean().optional(),
  /** Exactly one solution (move sequence; the distinct shortest ones for a ruleset whose graph has cycles). */
  uniqueSolution: z.boolean().optional(),
  /** A shortest solution of at least this many moves. */
  minShortestSolution: count.optional(),
  /** At most this many moves. */
  maxShortestSolution: count.optional(),
  /** Difficulty within [min, max] (either may be left out). */
  difficulty: z.strictObject({ min: z.number().optional(), max: z.number().optional() }).optional(),
  /** Dead states as a share of all states, at most this. */
  maxDeadShare: share.optional(),
  /** No two levels of the pack equal up to rotation and mirroring. */
  noSymmetricDuplicates: z.boolean().optional(),
});

/** The rules. */
export type LintRules = z.infer<typeof LintRulesSchema>;

/** What `lint` checks without a rules file. */
export const DEFAULT_LINT_RULES: LintRules = { format: LINT_RULES_FORMAT, version: 1, solvable: true, noSymmetricDuplicates: true };

/** One broken rule. */
export interface LintViolation {
  /** The rule's name as the file spells it. */
  readonly rule: keyof LintRules;
  /** A sentence: what the level has and what the rule wants. */
  readonly message: string;
}

/** Reads a rules file: the rules, or every problem as `path: sentence`. */
export function parseLintRules(text: string): Result<LintRules, string[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err([`$: not valid JSON: ${e instanceof Error ? e.message : String(e)}`]);
  }
  const r = LintRulesSchema.safeParse(json);
  if (!r.success) return err(r.error.issues.map((i) => `${i.path.length === 0 ? '$' : i.path.join('.')}: ${i.message}`));
  const d = r.data.difficulty;
  if (d?.min !== undefined && d.max !== undefined && d.min > d.max) return err([`difficulty: min ${d.min} is above max ${d.max}`]);
  return ok(r.data);
}

/** The rules one level breaks, from its numbers. An unknown effect (state cap) breaks only `solvable`'s check when it is set, with its reason. O(1). */
export function levelViolations(e: LevelEffect, rules: LintRules): LintViolation[] {
  const out: LintViolation[] = [];
  if (e.solvable === null) {
    if (rules.solvable === true) out.push({ rule: 'solvable', message: `could not be solved: ${e.problem ?? 'unknown'}` });
    return out;
  }
  if (!e.solvable) {
    if (rules.solvable === true) out.push({ rule: 'solvable', message: 'the level has no solution' });
    return out; // the other rules are about solutions: one line says enough
  }
  if (rules.uniqueSolution === true) {
    const n = e.solutions ?? e.shortestSolutions;
    if (n !== null && n !== 1) out.push({ rule: 'uniqueSolution', message: `${n} ${e.solutions === null ? 'shortest ' : ''}solutions; the rule wants exactly 1` });
  }
  const moves = e.shortestSolution;
  if (moves !== null && rules.minShortestSolution !== undefined && moves < rules.minShortestSolution) {
    out.push({ rule: 'minShortestSolution', message: `the shortest solution is ${moves} moves; the rule wants at least ${rules.minShortestSolution}` });
  }
  if (moves !== null && rules.maxShortestSolution !== undefined && moves > rules.maxShortestSolution) {
    out.push({ rule: 'maxShortestSolution', message: `the shortest solution is ${moves} moves; the rule wants at most ${rules.maxShortestSolution}` });
  }
  const band = rules.difficulty;
  if (band !== undefined && e.difficulty !== null) {
    const lo = band.min ?? -Infinity, hi = band.max ?? Infinity;
    if (e.difficulty < lo || e.difficulty > hi) {
      out.push({ rule: 'difficulty', message: `difficulty ${e.difficulty} is outside ${band.min ?? '-'}..${band.max ?? '-'}` });
    }
  }
  if (rules.maxDeadShare !== undefined && e.deadStates !== null && e.states !== null && e.states > 0) {
    const s = e.deadStates / e.states;
    if (s > rules.maxDeadShare) {
      out.push({ rule: 'maxDeadShare', message: `${Math.round(s * 1000) / 10}% of states are dead (${e.deadStates} of ${e.states}); the rule allows ${Math.round(rules.maxDeadShare * 1000) / 10}%` });
    }
  }
  return out;
}

/** A pack level as lint sees it. */
export interface LintLevel {
  readonly id: string;
  readonly name: string;
  readonly rows: readonly string[];
}

/** One violation at a level of a pack. */
export interface PackViolation extends LintViolation {
  readonly index: number;
  readonly id: string;
  readonly name: string;
}

/** Every violation of a pack, level by level (duplicates name the earlier level), in pack order. Cost: one effect per level. */
export function lintPack(levels: readonly LintLevel[], effect: (rows: readonly string[]) => LevelEffect, rules: LintRules): PackViolation[] {
  const out: PackViolation[] = [];
  const seen = new Map<string, number>();
  levels.forEach((l, index) => {
    for (const v of levelViolations(effect(l.rows), rules)) out.push({ ...v, index, id: l.id, name: l.name });
    if (rules.noSymmetricDuplicates === true) {
      const key = symmetryKey(l.rows);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else {
        const f = levels[first]!;
        out.push({ rule: 'noSymmetricDuplicates', message: `the same level as #${first + 1} ${f.id} ${JSON.stringify(f.name)} up to rotation or mirroring`, index, id: l.id, name: l.name });
      }
    }
  });
  return out;
}

/** One line per violation, as `lint` prints it: `#4 l-abc "Name": uniqueSolution: 3 solutions; ...`. */
export function formatViolation(v: PackViolation): string {
  return `#${v.index + 1} ${v.id} ${JSON.stringify(v.name)}: ${v.rule}: ${v.message}`;
}
