/**
 * `range INPUT --x F --y G`: the expressive-range map of a pack, level text
 * or level stream (`.ndjson`, `.jsonl`, or `-` holding one): every level is
 * analysed, its measures read (`core/range/measures.ts`) and binned
 * (`core/range/histogram.ts`). A stream is read a line at a time, so only
 * two numbers per level are kept, whatever its length.
 */
import { Analyzer } from '../core/graph/analyze';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import type { DifficultyModel } from '../core/difficulty/model';
import { defaultModelFor } from '../core/difficulty/defaultModel';
import { predictDifficulty } from '../core/difficulty/predict';
import type { Level } from '../core/level/level';
import { parseStreamLine } from '../core/jobs/levelStream';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { levelMeasures, measureIndex, MEASURES, openCellCount, type MeasureName } from '../core/range/measures';
import { mapShape, rangeMap, rangeMapCsv, rangeMapJson, sharedAxis, type RangeMap } from '../core/range/histogram';
import { CliError, listProblems } from './args';
import { loadRuledLevels, readInput } from './analyze';
import { isStreamFile, LineReader } from './stream';

export interface RangeOptions {
  readonly x: MeasureName;
  readonly y: MeasureName;
  readonly bins: number;
  readonly format: 'text' | 'json' | 'csv';
  readonly model?: DifficultyModel | undefined;
  /** Ruleset of level text (a pack or stream carries its own). */
  readonly rules?: RulesetName | undefined;
  readonly maxStates?: number;
}

/** The two measures of each level read, and what was read. */
interface Columns {
  readonly xs: number[];
  readonly ys: number[];
  rules: RulesetName | null;
  capped: number;
}

/** Reads the measures of one level into the columns. */
class Measurer {
  private readonly analyzer = new Analyzer();
  private readonly xi: number;
  private readonly yi: number;
  readonly columns: Columns = { xs: [], ys: [], rules: null, capped: 0 };

  constructor(private readonly options: RangeOptions) {
    this.xi = measureIndex(options.x);
    this.yi = measureIndex(options.y);
  }

  add(level: Level, rules: RulesetName, where: string): void {
    const c = this.columns;
    if (c.rules !== null && c.rules !== rules) throw new CliError(`${where} is a ${rules} level but the input began with ${c.rules} levels; map one ruleset at a time`);
    c.rules = rules;
    const r = this.analyzer.analyze(level, { rules: rulesetByName(rules), maxStates: this.options.maxStates ?? DEFAULT_STATE_CAP });
    let m: Float64Array;
    if (!r.ok) {
      // Past the state cap only the grid's own measures are known.
      c.capped++;
      m = new Float64Array(Object.keys(MEASURES).length).fill(NaN);
      const open = openCellCount(level);
      m[measureIndex('openCells')] = open;
      m[measureIndex('density')] = open / (level.width * level.height);
    } else {
      const f = r.value.features;
      const difficulty = f.nSolutions > 0 ? predictDifficulty(this.options.model ?? defaultModelFor(rules), f) : null;
      m = levelMeasures({ level, counts: r.value.counts, features: f, difficulty });
    }
    c.xs.push(m[this.xi]!);
    c.ys.push(m[this.yi]!);
  }
}

/** True when the text's first non-blank line is a stream line (an object naming its `rules` and `rows`). */
function looksLikeStream(text: string): boolean {
  const first = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  if (!first.startsWith('{') || !first.endsWith('}')) return false;
  try {
    const j = JSON.parse(first) as Record<string, unknown>;
    return typeof j === 'object' && j !== null && 'rules' in j && 'rows' in j;
  } catch {
    return false;
  }
}

function streamLine(m: Measurer, file: string, text: string, line: number): void {
  if (text.trim() === '') return;
  const p = parseStreamLine(text, line);
  if (!p.ok) throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level stream: ${listProblems(p.error, 5)}`);
  m.add(p.value.grid, p.value.rules, `${file} line ${line}`);
}

/** Reads every level of `file` and returns its measures along the two axes. */
export function readRangeColumns(file: string, options: RangeOptions): Columns {
  const m = new Measurer(options);
  if (isStreamFile(file)) {
    if (options.rules !== undefined) throw new CliError('--rules is for level text: every line of a level stream names its rules');
    const reader = new LineReader(file);
    try {
      for (let l = reader.next(); l !== null; l = reader.next()) streamLine(m, file, l, reader.line);
    } finally {
      reader.close();
    }
  } else {
    const text = readInput(file);
    if (looksLikeStream(text)) {
      text.split('\n').forEach((l, i) => streamLine(m, file, l.endsWith('\r') ? l.slice(0, -1) : l, i + 1));
    } else {
      const { levels, rules } = loadRuledLevels(text, file, options.rules);
      levels.forEach((level, i) => m.add(level, rules, `${file} level ${i + 1}`));
    }
  }
  if (m.columns.xs.length === 0) throw new CliError(`${file === '-' ? 'standard input' : file} holds no levels`);
  return m.columns;
}

/** The map of `file` and its text in the asked format. */
export function runRange(file: string, options: RangeOptions): { map: RangeMap; text: string; capped: number } {
  const c = readRangeColumns(file, options);
  const x = sharedAxis(options.x, [c.xs], options.bins), y = sharedAxis(options.y, [c.ys], options.bins);
  const map = rangeMap(c.xs, c.ys, x, y);
  const extra = { rules: c.rules, capped: c.capped };
  let text: string;
  if (options.format === 'json') text = JSON.stringify({ ...rangeMapJson(map), ...extra }) + '\n';
  else if (options.format === 'csv') text = rangeMapCsv(map);
  else text = formatRangeText(map, c.capped);
  return { map, text, capped: c.capped };
}

const num = (v: number): string => (Math.abs(v) >= 1000 ? v.toExponential(2) : String(Number(v.toPrecision(3))));

/** A human reading of the map: the totals, then the counts with y rising upwards. */
export function formatRangeText(map: RangeMap, capped: number): string {
  const { xBins, yBins } = mapShape(map);
  const lines: string[] = [];
  lines.push(`${map.read} levels read, ${map.placed} placed in ${xBins}x${yBins} bins${map.missing > 0 ? `, ${map.missing} with no ${MEASURES[map.x.measure].label} or ${MEASURES[map.y.measure].label}` : ''}${capped > 0 ? ` (${capped} past the state cap)` : ''}`);
  lines.push(`${map.occupied} of ${xBins * yBins} bins occupied, ${map.holes} holes`);
  lines.push(`x: ${MEASURES[map.x.measure].label} ${num(map.x.edges[0]!)} to ${num(map.x.edges[xBins]!)}${map.x.scale === 'log' ? ' (log)' : ''}; y: ${MEASURES[map.y.measure].label} ${num(map.y.edges[0]!)} to ${num(map.y.edges[yBins]!)}${map.y.scale === 'log' ? ' (log)' : ''}`);
  let width = 1;
  for (const c of map.counts) width = Math.max(width, String(c).length);
  const label = Math.max(...map.y.edges.map((e) => num(e).length));
  for (let yi = yBins - 1; yi >= 0; yi--) {
    let row = `${num(map.y.edges[yi]!).padStart(label)} |`;
    for (let xi = 0; xi < xBins; xi++) {
      const c = map.counts[xi * yBins + yi]!;
      row += ' ' + (c === 0 ? '.' : String(c)).padStart(width);
    }
    lines.push(row);
  }
  return lines.join('\n') + '\n';
}
