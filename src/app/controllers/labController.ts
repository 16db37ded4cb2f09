/**
 * The predictor lab's side effects: sends its jobs (load data, evaluate,
 * ablate, fit) to the lab worker with progress into the store, and handles
 * model files (save, upload). One per page, built by `createServices`, so
 * a job keeps running and reporting while the user is on another view.
 */
import { fitSizeProblem } from '../../core/difficulty/limits';
import { rulesetByName } from '../../core/rules/registry';
import { featuresFor, packRules } from '../store/rules';
import { IMPORT_LIMITS, readTextFile, type PickedFile } from '../files/readFile';
import { parseDifficultyModel } from '../../core/difficulty/model';
import { LabClient } from '../../workers/lab.client';
import type { Outcome } from '../../workers/outcome';
import { designMatrix, playtestAverages } from '../adapters/labSeries';
import type { LabJobKind } from '../store/labSlice';
import type { StudioStore } from '../store/store';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';

/** Splits per evaluation (thesis ch. 4). */
export const EVALUATION_SPLITS = 50;

export class LabController {
  private generation = 0;

  constructor(
    private readonly store: StudioStore,
    readonly client: LabClient = new LabClient(),
  ) {}

  private get state() {
    return this.store.getState();
  }

  /** Runs one job: progress into the store, the outcome to `done` unless a newer job or Cancel replaced it. */
  private async job<T>(kind: LabJobKind, start: (onProgress: (done: number, total: number) => void) => Promise<Outcome<T>>, done: (value: T) => void): Promise<void> {
    const generation = ++this.generation;
    this.state.labJobStarted(kind);
    const outcome = await start((d, t) => {
      if (generation === this.generation) this.state.labJobProgress(d, t);
    });
    if (generation !== this.generation) return;
    if (outcome.kind !== 'ok') {
      this.state.labJobEnded(outcome.kind === 'cancelled' ? null : outcome.message);
      return;
    }
    done(outcome.value);
    this.state.labJobEnded();
  }

  /** Parses a CSV of `level,avgCompletionSeconds` and analyses its levels in the worker. */
  loadCsv(text: string, sourceName: string): Promise<void> {
    return this.job('data', (p) => this.client.prepareCsv({ text, sourceName, maxStates: this.state.stateCap, rules: packRules(this.state.pack) }, p), (data) => this.state.setLabData(data));
  }

  /** A CSV file (its size checked before it is read). */
  async loadCsvFile(file: PickedFile): Promise<void> {
    const text = await readTextFile(file, IMPORT_LIMITS.csv, 'a CSV of player data');
    if (text.ok) return this.loadCsv(text.value, file.name);
    this.state.labJobEnded(text.error, 'data');
  }

  /** A model file (its size checked before it is read). */
  async uploadModelFile(file: PickedFile): Promise<boolean> {
    const text = await readTextFile(file, IMPORT_LIMITS.model, 'a difficulty model file');
    if (text.ok) return this.uploadModel(text.value, file.name);
    this.state.setLabUploadProblems({ file: file.name, problems: [{ path: '$', message: text.error }] });
    return false;
  }

  /** The studio's playtest log, averaged per level, as the lab's data. */
  loadPlaytests(): Promise<void> {
    // The pack's ruleset: playtests of the same grid under other rules are another puzzle's times.
    const rules = packRules(this.state.pack);
    const log = this.state.playLog.filter((r) => (r.rules ?? DEFAULT_RULESET_NAME) === rules);
    const levels = playtestAverages(log).map((l) => ({ ...l, rows: [...l.rows] }));
    if (levels.length === 0) {
      const other = this.state.playLog.length - log.length;
      this.state.labJobEnded(
        other > 0
          ? `the playtest log has no ${rulesetByName(rules).title} playtests (${other} were played under other rules): playtest some levels of this pack to the win first`
          : 'the playtest log is empty: playtest some levels to the win first',
        'data',
      );
      return Promise.resolve();
    }
    return this.job('data', (p) => this.client.preparePlaytests({ levels, maxStates: this.state.stateCap, rules }, p), (data) => this.state.setLabData(data));
  }

  /** The rows the chosen features give, or a sentence saying why there are none to fit. */
  private matrix(minRows: number) {
    const s = this.state;
    if (s.labData === null) return 'load data first (a CSV or the playtest log)';
    if (s.labFeatures.length === 0) return 'choose at least one feature';
    const na = s.labFeatures.filter((f) => !featuresFor(s.labData!.rules).includes(f));
    if (na.length > 0) return `${na.join(', ')} ${na.length === 1 ? 'is' : 'are'} not a number under the ${rulesetByName(s.labData.rules).title} rules of this data (its graph has cycles): leave ${na.length === 1 ? 'it' : 'them'} out`;
    const m = designMatrix(s.labData.samples, s.labFeatures);
    if (m.y.length < minRows) return `at least ${minRows} usable levels are needed, the data has ${m.y.length}`;
    return { ...m, data: s.labData, features: [...s.labFeatures], method: s.labMethod, seed: s.labSeed };
  }

  /** The thesis's 50 random 80/20 splits; adds a row to the results table. */
  evaluate(): Promise<void> {
    const m = this.matrix(5);
    if (typeof m === 'string') return this.refuse(m, 'evaluate');
    return this.job(
      'evaluate',
      (p) => this.client.evaluate({ x: m.x, y: m.y, method: m.method, seed: m.seed, splits: EVALUATION_SPLITS }, p),
      (r) =>
        this.state.addLabRun({
          method: m.method,
          features: m.features,
          source: m.data.source,
          samples: m.y.length,
          splits: r.splits,
          seed: m.seed,
          testMse: r.meanTestMse,
          sdTestMse: r.sdTestMse,
          baselineMse: r.baselineMse,
          trainMse: r.meanTrainMse,
        }),
    );
  }

  /** Every non-empty subset of the chosen features, 5-fold MSE. */
  ablate(): Promise<void> {
    const m = this.matrix(5);
    if (typeof m === 'string') return this.refuse(m, 'ablation');
    return this.job(
      'ablation',
      (p) => this.client.ablate({ x: m.x, y: m.y, method: m.method, seed: m.seed, names: m.features }, p),
      (r) => this.state.setLabAblation({ ...r, source: m.data.source, samples: m.y.length }),
    );
  }

  /** Fits the chosen method and features on all the data; the result waits to be saved. */
  fit(): Promise<void> {
    const m = this.matrix(2);
    if (typeof m === 'string') return this.refuse(m, 'fit');
    const tooFew = fitSizeProblem(m.y.length, m.features.length);
    if (tooFew !== null) return this.refuse(tooFew, 'fit');
    const run = [...this.state.labRuns].reverse().find((r) => r.method === m.method && r.source === m.data.source && r.samples === m.y.length && r.features.join() === m.features.join());
    const metrics = run === undefined ? {} : { testMse: run.testMse, testMseSd: run.sdTestMse, baselineMse: run.baselineMse, evaluationSplits: run.splits };
    const label =
      m.data.kind === 'csv'
        ? `average completion seconds per level (avgCompletionSeconds of ${m.data.source})`
        : `mean playtest seconds per level (the studio's playtest log)`;
    return this.job(
      'fit',
      () =>
        this.client.fit({
          name: `${m.method} on ${m.data.source}`,
          features: m.features,
          method: m.method,
          seed: m.seed,
          samples: m.used.map((i) => m.data.samples[i]!.features),
          labels: m.y,
          data: `${m.data.source} (${m.y.length} levels of ${m.data.rowsRead} rows)`,
          labelDescription: label,
          metrics,
          createdAt: new Date().toISOString(),
        }),
      (r) => this.state.setLabFitted({ model: r.model, used: m.used, predictions: r.predictions }),
    );
  }

  /** Stops the running job. */
  cancel(): void {
    this.generation++;
    this.client.cancel();
    this.state.labJobEnded();
  }

  /** Saves the fitted model under `name`; with `activate`, makes it the active model too. Returns its id. */
  saveFitted(name: string, activate: boolean): string | null {
    const fitted = this.state.labFitted;
    if (fitted === null) return null;
    const model = { ...fitted.model, name: name.trim().slice(0, 200) || fitted.model.name };
    const id = this.state.saveLabModel(model);
    if (activate) this.state.activateLabModel(id);
    this.state.notify('info', `Saved the model "${model.name}"${activate ? ' and made it the active model' : ''}.`);
    return id;
  }

  /** Validates an uploaded model file: a valid one is added to the saved models, an invalid one lists its problems and changes nothing. */
  uploadModel(text: string, fileName: string): boolean {
    const r = parseDifficultyModel(text);
    if (!r.ok) {
      this.state.setLabUploadProblems({ file: fileName, problems: r.error });
      return false;
    }
    this.state.setLabUploadProblems(null);
    this.state.saveLabModel(r.value);
    this.state.notify('info', `Added the model "${r.value.name}" from ${fileName}; activate it to use it.`);
    return true;
  }

  /** Stops the lab worker for good (page unload, tests). */
  dispose(): void {
    this.client.dispose();
  }

  private refuse(message: string, kind: LabJobKind): Promise<void> {
    this.state.labJobEnded(message, kind);
    return Promise.resolve();
  }
}
