/**
 * The Batch view's hit-rate map of generate at difficulty: reads the form
 * (targets, an optional second measure's values, requests, budget) with the
 * Batch form's size and seed and the pack's rules, runs the grid in the
 * batch client's hit-rate worker (`runHitRateMap`, the job behind
 * `evaluate --targets`), and puts each cell in the store as it is done.
 */
import { BatchClient } from '../../workers/batch.client';
import { hitRateGrid, type HitRateRequest } from '../store/batchMaps';
import { packRules } from '../store/rules';
import type { StudioStore } from '../store/store';

export async function runHitRateMap(store: StudioStore, client: BatchClient): Promise<void> {
  const s = store.getState();
  const grid = hitRateGrid(s.hitRateForm);
  const request: HitRateRequest = {
    rules: packRules(s.pack),
    width: s.batchSettings.width,
    height: s.batchSettings.height,
    seed: s.batchSettings.seed,
    targets: grid.ok ? grid.value.targets : [],
    ...(grid.ok && grid.value.also !== undefined ? { also: grid.value.also } : {}),
    requests: s.hitRateForm.requests,
    evaluations: s.hitRateForm.evaluations,
  };
  store.getState().hitRateStarted(request);
  if (!grid.ok) {
    store.getState().hitRateStopped('failed', `${grid.error[0]!.toUpperCase()}${grid.error.slice(1)}.`);
    return;
  }
  const { also, ...rest } = request;
  const job = { ...rest, targets: [...request.targets], ...(also !== undefined ? { also: { measure: also.measure, values: [...also.values] } } : {}), model: s.model };
  const outcome = await client.hitRateMap(job, (cell) => store.getState().hitRateCell(cell));
  if (outcome.kind === 'ok') store.getState().hitRateFinished(outcome.value.cells, outcome.value.seconds);
  else if (outcome.kind === 'cancelled') {
    const done = store.getState().hitRateRun.cells.length;
    store.getState().hitRateStopped('cancelled', `Cancelled after ${done} cell${done === 1 ? '' : 's'}; the map shows those.`);
  } else store.getState().hitRateStopped('failed', outcome.message);
}
