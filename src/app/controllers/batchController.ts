/**
 * Generate-at-difficulty, curves and batch evaluations: reads the settings
 * from the store, runs the request in the batch workers, puts the answer
 * (and, for curves, each level as it comes) in the store. Built once by
 * `createServices`, which owns its client.
 */
import { levelKey, toRows } from '../../core/level/level';
import { batchSweep } from '../adapters/batchSweep';
import { parseRows } from '../../core/level/format';
import { DEFAULT_TOLERANCE, toleranceWidth } from '../../core/generators/atDifficulty';
import { atDifficultyHead, atDifficultyLevelId, atDifficultySource, curveLevelId } from '../../core/generators/provenance';
import { BatchClient } from '../../workers/batch.client';
import type { CurveStep, FoundLevel } from '../../workers/batch.api';
import { bandWindow, outOfReachMessage, parseTemperatureList } from '../adapters/batchSeries';
import type { AtDifficultySettings } from '../store/batchSlice';
import { rowsKey } from '../store/packSlice';
import type { StudioStore } from '../store/store';
import { packRules, rulesMismatch, uniqueSolutionApplies } from '../store/rules';
import { batchGeneratorProblem } from '../../workers/batch.protocol';
import { fetchShippedModel, hasShippedModel, shippedModelFolder } from './modelFilesIo';
import { rulesetByName } from '../../core/rules/registry';
import { generatorPins } from '../store/suggestionsSlice';
import { defaultSecondTolerance } from '../../core/range/secondTarget';
import { runHitRateMap } from './hitRateMap';

function constraints(s: AtDifficultySettings, store: StudioStore) {
  const exclude = s.notInPack ? store.getState().pack.levels.map((l) => rowsKey(l.rows)) : [];
  const open = { ...(s.openMin !== null ? { min: s.openMin } : {}), ...(s.openMax !== null ? { max: s.openMax } : {}) };
  const rules = packRules(store.getState().pack);
  const pins = generatorPins(store.getState(), s.width, s.height);
  return {
    rules,
    ...(pins !== undefined ? { pins } : {}),
    // "One solution" counts solution paths, which a ruleset with cycles has no finite number of (the form says so).
    uniqueSolution: s.uniqueSolution && uniqueSolutionApplies(rules),
    exclude,
    ...(s.openMin !== null || s.openMax !== null ? { openCells: open } : {}),
    ...(s.also != null ? { also: { ...s.also, tolerance: defaultSecondTolerance(s.also.measure, s.also.target) } } : {}),
  };
}

/** Generates levels at the dock's target (a number or a band). */
async function runAtDifficulty(store: StudioStore, client: BatchClient): Promise<void> {
  const s = store.getState().atdSettings;
  const model = store.getState().model;
  const w = s.mode === 'band' ? bandWindow(s.band) : null;
  const target = w?.target ?? s.target;
  const tolerance = w?.tolerance ?? DEFAULT_TOLERANCE;
  const half = toleranceWidth(target, tolerance);
  const label = w?.label ?? `a difficulty of ${s.target}`;
  const pins = generatorPins(store.getState(), s.width, s.height);
  store.getState().atdStarted({
    label,
    target,
    window: { from: w?.from ?? Math.max(0, target - half), to: w?.to ?? target + half },
    width: s.width,
    height: s.height,
    seed: s.seed,
    count: s.count,
    rules: packRules(store.getState().pack),
    ...(pins !== undefined ? { pins } : {}),
  });
  const outcome = await client.generateAt({
    width: s.width,
    height: s.height,
    target,
    tolerance,
    count: s.count,
    seed: s.seed,
    model,
    ...constraints(s, store),
    ...(s.timeLimitSeconds != null ? { timeLimitMs: s.timeLimitSeconds * 1000 } : {}),
  });
  if (outcome.kind === 'cancelled') {
    store.getState().atdStopped('cancelled', 'Cancelled.');
    return;
  }
  if (outcome.kind !== 'ok') {
    store.getState().atdStopped('failed', outcome.message);
    return;
  }
  const answer = outcome.value;
  let message = answer.message;
  if (answer.outOfReach && answer.reachable !== null) message = `${outOfReachMessage(label, s.width, s.height, answer.reachable)}${pins !== undefined ? ' (with the pinned cells kept; unpin some or turn Keep off for more room)' : ''}`;
  else if (message !== null) message = `${message[0]!.toUpperCase()}${message.slice(1)}.`;
  store.getState().atdFinished({ ...answer, message });
}

/** Adds one result to the pack with its provenance; returns the new id. */
function addFoundLevel(store: StudioStore, l: FoundLevel, seed: number, name: string): string | null {
  const parsed = parseRows(l.rows);
  if (!parsed.ok) return null;
  const s = store.getState();
  const rules = s.atdRun.request?.rules ?? packRules(s.pack);
  if (rules !== packRules(s.pack)) {
    s.notify('error', rulesMismatch(rules, packRules(s.pack)));
    return null;
  }
  const id = s.addToPack({ level: parsed.value, name, id: name, features: l.features, rules, source: atDifficultySource(l, seed, s.model.name) });
  if (id !== null) store.getState().atdMarkAdded(levelKey(parsed.value));
  else store.getState().notify('error', 'The pack is full.');
  return id;
}

/** The id/name of result `i` of the current run: `d45-8x8-s1-0`, `medium-8x8-s1-0` (as the CLI names them). */
function foundLevelName(store: StudioStore, i: number): string {
  const { atdSettings: s, atdRun } = store.getState();
  const r = atdRun.request;
  const head = atDifficultyHead(r?.target ?? s.target, s.mode === 'band' && r !== null && r.label.startsWith('the ') ? r.label.split(' ')[1]! : undefined);
  return atDifficultyLevelId(head, r?.width ?? s.width, r?.height ?? s.height, r?.seed ?? s.seed, i);
}

/**
 * Fills the pack along a straight difficulty curve. The dock shows each
 * level as it is found; the found levels go into the pack together when the
 * run ends (done, cancelled or failed), as one undoable step, so one Undo
 * takes the whole curve back out and edits made meanwhile stay separate.
 */
async function runCurve(store: StudioStore, client: BatchClient): Promise<void> {
  const s = store.getState().atdSettings;
  const model = store.getState().model;
  const curveRules = packRules(store.getState().pack);
  store.getState().curveStarted(s.curveCount);
  // Steps come through a callback channel of their own, so the answer can overtake the last ones:
  // each step is taken once, from whichever arrives first.
  const taken = new Set<number>();
  const found: CurveStep[] = [];
  const take = (step: CurveStep): void => {
    if (taken.has(step.index) || store.getState().curveRun.status !== 'running') return;
    taken.add(step.index);
    store.getState().curveStep(step);
    if (step.level !== null) found.push(step);
  };
  /** Adds what was found, in target order, as one history entry; returns how many went in. */
  const addFound = (): number => {
    const steps = [...found].sort((a, b) => a.index - b.index);
    const entries = steps.flatMap((step) => {
      const name = curveLevelId(step.index, step.target, s.width, s.height, s.seed);
      const parsed = parseRows(step.level!.rows);
      return parsed.ok ? [{ level: parsed.value, name, id: name, features: step.level!.features, rules: curveRules, source: atDifficultySource(step.level!, s.seed, model.name) }] : [];
    });
    // (A pack that fills up is reported by addAllToPack.)
    return store.getState().addAllToPack(`Fill the pack along a curve (${steps.length} levels)`, entries).length;
  };
  const outcome = await client.fillCurve(
    { width: s.width, height: s.height, from: s.curveFrom, to: s.curveTo, count: s.curveCount, seed: s.seed, model, ...constraints(s, store), ...(s.timeLimitSeconds != null ? { timeLimitMs: s.timeLimitSeconds * 1000 } : {}) },
    take,
  );
  if (outcome.kind === 'cancelled') {
    const added = addFound();
    store.getState().curveFinished('cancelled', `Cancelled after ${added} of ${s.curveCount} levels (those were added to the pack).`);
    return;
  }
  if (outcome.kind !== 'ok') {
    const added = addFound();
    store.getState().curveFinished('failed', added > 0 ? `${outcome.message} (the ${added} levels found before were added to the pack)` : outcome.message);
    return;
  }
  const answer = outcome.value;
  for (const step of [...answer.steps].sort((a, b) => a.index - b.index)) take(step);
  const added = addFound();
  const missing = answer.steps.filter((x) => x.level === null);
  const why = missing[0]?.message;
  store
    .getState()
    .curveFinished(
      'done',
      missing.length === 0
        ? `Added ${added} levels from ${s.curveFrom} to ${s.curveTo} to the pack.`
        : `Added ${added} of ${answer.steps.length} levels; ${missing.length} target${missing.length === 1 ? '' : 's'} had none (${missing.map((m) => m.target).join(', ')})${why !== undefined && why !== null ? `: ${why}` : ''}.`,
    );
}

/** Runs the Batch view's evaluation. */
async function runBatchEvaluation(store: StudioStore, client: BatchClient): Promise<void> {
  const settings = store.getState().batchSettings;
  const model = store.getState().model;
  const rules = packRules(store.getState().pack);
  store.getState().batchStarted(settings, model.name, Date.now(), rules);
  const problem = batchGeneratorProblem(settings.generator, rules);
  if (problem !== null) {
    store.getState().batchStopped('failed', `${problem[0]!.toUpperCase()}${problem.slice(1)}.`);
    return;
  }
  let extra = {};
  if (settings.generator === 'sd-pcgrl') {
    const temps = parseTemperatureList(settings.temperatures);
    if (!temps.ok) {
      store.getState().batchStopped('failed', `Temperatures: ${temps.error}.`);
      return;
    }
    // The shipped model of the pack's ruleset (the job's schema refuses a policy trained for another).
    if (!hasShippedModel(rules)) {
      store.getState().batchStopped('failed', `No SD-PCGRL model for ${rulesetByName(rules).title} ships with this build (models/${shippedModelFolder(rules)}).`);
      return;
    }
    try {
      // The worker checks the files against the size and says so when they do not match.
      extra = { temperatures: temps.value, policy: await fetchShippedModel(rules) };
    } catch (e) {
      store.getState().batchStopped('failed', `The SD-PCGRL model could not be loaded: ${(e as Error).message}.`);
      return;
    }
  }
  const level = store.getState().level;
  const sweep = batchSweep(settings, { width: level.width, height: level.height, rows: toRows(level) });
  if (sweep !== null && !sweep.ok) {
    store.getState().batchStopped('failed', `${sweep.error[0]!.toUpperCase()}${sweep.error.slice(1)}.`);
    return;
  }
  if (sweep !== null) extra = { sweep: sweep.value };
  const outcome = await client.evaluate(
    { generator: settings.generator, rules, width: settings.width, height: settings.height, count: settings.count, seed: settings.seed, model, maxStates: store.getState().stateCap, ...extra },
    (p) => store.getState().batchProgress(p),
  );
  if (outcome.kind === 'cancelled') {
    const p = store.getState().batchRun.progress;
    store.getState().batchStopped('cancelled', `Cancelled${p !== null ? ` at ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} levels; the report below is what was done so far` : ''}.`);
    return;
  }
  if (outcome.kind !== 'ok') {
    store.getState().batchStopped('failed', outcome.message);
    return;
  }
  const answer = outcome.value;
  store.getState().batchFinished(answer.runs, answer.seconds, answer.policy, new Date().toISOString());
}

/** The generators dock's at-difficulty section and the Batch view: one per page, built by `createServices`. */
export class BatchController {
  constructor(
    private readonly store: StudioStore,
    readonly client: BatchClient = new BatchClient(),
  ) {}

  /** Generates levels at the dock's target (a number or a band). */
  runAtDifficulty(): Promise<void> {
    return runAtDifficulty(this.store, this.client);
  }

  /** Fills the pack along the dock's difficulty curve. */
  runCurve(): Promise<void> {
    return runCurve(this.store, this.client);
  }

  /** Runs the Batch view's evaluation. */
  evaluate(): Promise<void> {
    return runBatchEvaluation(this.store, this.client);
  }

  /** Runs the Batch view's hit-rate map (its own worker). */
  hitRateMap(): Promise<void> {
    return runHitRateMap(this.store, this.client);
  }

  /** Stops the hit-rate map; the cells done stay. */
  cancelHitRate(): void {
    this.client.cancelHitRate();
  }

  /** The id/name of result `i` of the current at-difficulty run. */
  foundLevelName(i: number): string {
    return foundLevelName(this.store, i);
  }

  /** Adds every result of the current run not added yet, as one undo step; returns the new ids. */
  addFoundLevels(): string[] {
    const s = this.store.getState();
    const run = s.atdRun;
    const seed = run.request?.seed ?? s.atdSettings.seed;
    const picked = run.levels.flatMap((l, i) => {
      const parsed = parseRows(l.rows);
      if (!parsed.ok || run.added.includes(l.key)) return [];
      const name = foundLevelName(this.store, i);
      return [{ key: levelKey(parsed.value), entry: { level: parsed.value, name, id: name, features: l.features, rules: run.request?.rules ?? packRules(s.pack), source: atDifficultySource(l, seed, s.model.name) } }];
    });
    const ids = s.addAllToPack(`Add ${picked.length} levels at difficulty`, picked.map((p) => p.entry));
    for (const p of picked.slice(0, ids.length)) this.store.getState().atdMarkAdded(p.key);
    return ids;
  }

  /** Adds result `i` of the current run to the pack with its provenance; returns the new id. */
  addFoundLevel(l: FoundLevel, i: number): string | null {
    const run = this.store.getState().atdRun;
    return addFoundLevel(this.store, l, run.request?.seed ?? this.store.getState().atdSettings.seed, foundLevelName(this.store, i));
  }

  cancelGeneration(): void {
    this.client.cancelGeneration();
  }

  cancelEvaluation(): void {
    this.client.cancelEvaluation();
  }

  dispose(): void {
    this.client.dispose();
  }
}
