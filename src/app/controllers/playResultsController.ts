/**
 * Players' results files into the studio: read and check each file (a bad
 * one is listed with its problems and changes nothing), pool the good ones
 * per level, hand the per-level means to the predictor lab as
 * `level,avgCompletionSeconds` data, and, on request, write the pooled
 * numbers into the pack's `playerStats` as one undoable step.
 */
import { parseResults } from '../../core/play/results';
import { resultsCsv, withPlayerStats } from '../adapters/playResults';
import type { RejectedResultFile, ResultFile } from '../store/playResultsSlice';
import { rulesetByName } from '../../core/rules/registry';
import { packRules } from '../store/rules';
import type { StudioStore } from '../store/store';
import type { LabController } from './labController';

export class PlayResultsController {
  constructor(
    private readonly store: StudioStore,
    private readonly lab: LabController,
  ) {}

  /** Reads result files; the good ones are pooled with those read before and become the lab's data. Returns how many were read. */
  async importFiles(files: readonly { name: string; text: string }[]): Promise<number> {
    const good: ResultFile[] = [], bad: RejectedResultFile[] = [];
    const s = this.store.getState();
    const into = packRules(s.pack);
    for (const f of files) {
      const r = parseResults(f.text);
      // A results file is of one game (its `rules`): its times mean nothing for another game's levels.
      if (r.ok && r.value.rules !== into) bad.push({ name: f.name, problems: [`these results are of a ${rulesetByName(r.value.rules).title} pack and this pack is ${rulesetByName(into).title}: open them with a ${rulesetByName(r.value.rules).title} pack`] });
      else if (r.ok) good.push({ name: f.name, results: r.value });
      else bad.push({ name: f.name, problems: r.error });
    }
    s.addPlayResults(good, bad);
    if (good.length === 0) return 0;
    await this.useInLab();
    return good.length;
  }

  /** The pooled results as the lab's data (levels with at least one timed solve). */
  useInLab(): Promise<void> {
    const s = this.store.getState();
    const n = s.playResultFiles.length;
    return this.lab.loadCsv(resultsCsv(s.playResultsSummary, packRules(s.pack)), `player results (${n} file${n === 1 ? '' : 's'})`);
  }

  /** Writes the pooled numbers into the pack levels with the same grid (one undoable step); returns the levels matched. */
  addToPack(): number {
    const s = this.store.getState();
    const { matched } = withPlayerStats(s.pack, s.playResultsSummary);
    if (matched === 0) {
      s.notify('error', 'No level of the pack has the grid of a level in these results.');
      return 0;
    }
    const changed = s.applyPackEdit('Player results into the pack', (pack) => withPlayerStats(pack, s.playResultsSummary).pack);
    s.notify('info', changed ? `Player statistics written to ${matched} level${matched === 1 ? '' : 's'} of the pack (Ctrl+Z undoes).` : 'The pack already has these player statistics.');
    return matched;
  }
}
