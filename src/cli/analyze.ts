/** `analyze FILE|-`: one JSON line per level with its classes and every SPEC §4 feature. */
import { describeParseError, parseLevels } from '../core/level/format';
import type { Level } from '../core/level/level';
import { Analyzer } from '../core/graph/analyze';
import { importPack } from '../core/pack/pack';
import { CliError, listProblems } from './args';
import { readText, READ_LIMITS } from './io';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';

/** A level file or pack (`-` for standard input), at most 20 MiB, read without trusting its size. */
export function readInput(file: string, what = 'a level file or pack'): string {
  return readText(file, what, READ_LIMITS.levels);
}

/** Levels from the text format or a level pack (detected by a leading `{`). */
export function loadLevels(text: string, file: string): Level[] {
  if (text.trimStart().startsWith('{')) {
    const r = importPack(text);
    if (!r.ok) {
      throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level pack: ${listProblems(r.error)}`);
    }
    return r.value.levels;
  }
  const r = parseLevels(text);
  if (!r.ok) throw new CliError(`${file}: ${describeParseError(r.error)}`);
  if (r.value.length === 0) throw new CliError(`${file} holds no levels`);
  return r.value;
}

/** JSON has no Infinity: infinite values (unsolvable levels) are written as null. */
const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

export function runAnalyze(file: string, options: { maxStates: number; model: DifficultyModel }, write: (line: string) => void): number {
  const levels = loadLevels(readInput(file), file);
  const analyzer = new Analyzer();
  let failures = 0;
  levels.forEach((level, i) => {
    const base = { name: level.name ?? `level-${i + 1}`, width: level.width, height: level.height };
    const r = analyzer.analyze(level, { maxStates: options.maxStates });
    if (!r.ok) {
      failures++;
      process.stderr.write(`${base.name}: ${r.error.message}\n`);
      write(JSON.stringify({ ...base, error: r.error.message, statesExplored: r.error.statesExplored }));
      return;
    }
    const features = Object.fromEntries(Object.entries(r.value.features).map(([k, v]) => [k, finiteOrNull(v)]));
    const difficulty = r.value.features.nSolutions > 0 ? predictDifficulty(options.model, r.value.features) : null;
    write(JSON.stringify({ ...base, classes: r.value.counts, ...features, difficulty }));
  });
  return failures === 0 ? 0 : 1;
}
