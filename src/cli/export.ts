/**
 * `export PACK --format F --out FILE`: a pack (or level text) as a file for
 * game code, through the same exporters as the studio's export menu
 * (`core/export/formats.ts`), or as the standalone HTML player.
 *
 * Difficulty and features are derived here as the studio derives them: every
 * level is analysed under the pack's ruleset and priced by the active model
 * (`--model`, default the ruleset's shipped one), whatever the input file says; a level past the state cap gets
 * none (a line on stderr says which). Only the formats that carry them
 * (json, csv, pack) pay for the analysis.
 */
import { realpathSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { Analyzer } from '../core/graph/analyze';
import { FEATURE_NAMES } from '../core/graph/features';
import { exportPackAs, fitForFormat, isTextExportFormat, TEXT_EXPORT_FORMATS } from '../core/export/formats';
import { describeParseError, parseLevels, parseRows } from '../core/level/format';
import { createPack, importPack, packLevelFromLevel } from '../core/pack/pack';
import { MAX_PACK_LEVELS, type LevelPack } from '../core/pack/schema';
import { inputRules, readInput } from './analyze';
import { defaultModelFor } from '../core/difficulty/defaultModel';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { CliError, listProblems } from './args';
import { writeOutput } from './io';
import { roundDifficulty } from '../core/difficulty/scale';

/** Every `--format` the command takes. */
export const EXPORT_FORMATS = [...TEXT_EXPORT_FORMATS, 'html'] as const;
export type CliExportFormat = (typeof EXPORT_FORMATS)[number];

/** `--format`, checked. */
export function parseExportFormat(text: string): CliExportFormat {
  if (text === 'html' || isTextExportFormat(text)) return text;
  throw new CliError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, got "${text}"`);
}

export interface ExportOptions {
  readonly format: CliExportFormat;
  /** File to write, or `-` for standard output. */
  readonly out: string;
  /** Absent: the pack's ruleset's shipped default. */
  readonly model?: DifficultyModel | undefined;
  readonly maxStates: number;
  /** json: add each level's hints. */
  readonly hints?: boolean;
  /** Keep only the levels the format holds (a line on stderr says how many went and why). */
  readonly onlyFitting?: boolean;
  /** `--rules` for level text (a pack carries its own; a contradicting flag is refused). */
  readonly rules?: RulesetName | undefined;
}

/** A pack from pack JSON or level text (detected by a leading `{`), named after the file for text; text takes `rules` (default Longcat). */
export function loadPack(text: string, file: string, rules?: RulesetName): LevelPack {
  if (text.trimStart().startsWith('{')) {
    const r = importPack(text);
    if (!r.ok) throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level pack: ${listProblems(r.error)}`);
    inputRules(file, r.value.pack.rules, rules);
    return r.value.pack;
  }
  const r = parseLevels(text);
  if (!r.ok) throw new CliError(`${file}: ${describeParseError(r.error)}`);
  if (r.value.length === 0) throw new CliError(`${file} holds no levels`);
  if (r.value.length > MAX_PACK_LEVELS) throw new CliError(`${file} holds ${r.value.length} levels; a pack holds at most ${MAX_PACK_LEVELS}`);
  const name = file === '-' ? 'levels' : basename(file, extname(file));
  return createPack(name, r.value.map((level, i) => packLevelFromLevel(level, { id: `level-${i + 1}` })), { rules: inputRules(file, null, rules) });
}

/**
 * The pack with every level's features and difficulty derived now under
 * `model`; a level past the state cap keeps no features and no difficulty,
 * and `warn` says so.
 */
export function pricePack(pack: LevelPack, model: DifficultyModel, maxStates: number, warn: (line: string) => void): LevelPack {
  const analyzer = new Analyzer();
  const rules = rulesetByName(pack.rules);
  return {
    ...pack,
    difficultyModel: model.name,
    levels: pack.levels.map((level, i) => {
      const grid = parseRows(level.rows);
      if (!grid.ok) throw new Error(`pack level ${i + 1} has invalid rows`); // importPack checked them
      const r = analyzer.analyze(grid.value, { maxStates, rules });
      if (!r.ok) {
        warn(`level ${i + 1} “${level.name}”: ${r.error.message}; exported without features or difficulty`);
        return { ...level, difficulty: null, features: {} };
      }
      const f = r.value.features;
      const features: Record<string, number | null> = {};
      for (const name of FEATURE_NAMES) features[name] = Number.isFinite(f[name]) ? f[name] : null;
      const d = f.nSolutions > 0 ? predictDifficulty(model, f) : null;
      return { ...level, features, difficulty: d !== null && Number.isFinite(d) ? roundDifficulty(d) /* as the studio's pack list: six significant digits, as shown */ : null };
    }),
  };
}

/** True when `a` and `b` name the same existing file (after links). */
function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/**
 * Writes `text` to `out` whole or not at all, through the CLI's one checked
 * write (`io.ts`): a temporary file renamed over a regular file, a device
 * such as `/dev/full` written directly (a rename would replace the device
 * with a file, as it did here), every failure one CliError.
 */
export function writeWhole(out: string, text: string): void {
  writeOutput(out, text);
}

/** Runs the command; returns how many levels were written. Errors are {@link CliError}s, and then nothing is written. */
export async function runExport(file: string, options: ExportOptions, warn: (line: string) => void): Promise<{ levels: number }> {
  if (options.out !== '-' && file !== '-' && sameFile(file, options.out)) {
    throw new CliError(`--out ${options.out} is the input file; write the export to another file`);
  }
  let pack = loadPack(readInput(file), file, options.rules);
  if (options.onlyFitting === true && options.format !== 'html') {
    const fit = fitForFormat(pack, options.format);
    if (fit.leftOut > 0) warn(`${fit.leftOut} level${fit.leftOut === 1 ? '' : 's'} left out (${fit.reason})`);
    pack = fit.pack;
  }
  const needsPrices = options.format === 'json' || options.format === 'csv' || options.format === 'pack';
  if (needsPrices) pack = pricePack(pack, options.model ?? defaultModelFor(pack.rules), options.maxStates, warn);
  let text: string;
  if (options.format === 'html') {
    const { standaloneHtml } = await import('./exportHtml');
    text = await standaloneHtml(pack);
  } else {
    const r = exportPackAs(pack, options.format, { hints: options.hints === true });
    if (!r.ok) throw new CliError(`${file}: ${r.error}`);
    text = r.value;
  }
  if (options.out === '-') process.stdout.write(text);
  else writeWhole(options.out, text);
  return { levels: pack.levels.length };
}
