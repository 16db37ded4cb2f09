/**
 * The Batch view's hit-rate map (the batch worker's `runHitRateMap`) against
 * the CLI's `evaluate --targets` on the same small grid and seed: the same
 * cells in the same order with the same hits, evaluations and unique shares
 * (only the rates, read off each one's clock, may differ). Bad grids are
 * refused with a sentence.
 */
import { describe, expect, it } from 'vitest';
import { defaultModelFor } from '../core/difficulty/defaultModel';
import { runCli } from '../../test/support/cliRun';
import { refusal, value } from '../../test/support/outcome';
import { runHitRateMap, type HitRateCell } from './batch.api';

describe('the hit-rate map in the worker', () => {
  it('gives the CLI\'s cells for the same grid and seed', async () => {
    const cli = await runCli(['evaluate', '--targets', '10,25', '--also', 'leniency=0.4,0.7', '--size', '6x6', '--count', '3', '--seed', '4', '--evaluations', '200', '--json', '--quiet']);
    expect(cli.status, cli.stderr).toBe(0);
    const fromCli = cli.stdout.trim().split('\n').map((l) => JSON.parse(l) as HitRateCell);
    const seen: HitRateCell[] = [];
    const worker = value(
      await runHitRateMap(
        { rules: 'longcat', width: 6, height: 6, seed: 4, model: defaultModelFor('longcat'), targets: [10, 25], also: { measure: 'leniency', values: [0.4, 0.7] }, requests: 3, evaluations: 200 },
        (c) => seen.push(c),
      ),
    );
    const same = (c: HitRateCell) => ({ target: c.target, second: c.second, requests: c.requests, hits: c.hits, hitRate: c.hitRate, uniqueShare: c.uniqueShare, evaluations: c.evaluations });
    expect(worker.cells.map(same)).toEqual(fromCli.map(same));
    expect(seen).toEqual(worker.cells);
    // Both hit and miss cells, so the agreement is about something.
    expect(worker.cells.some((c) => c.hits === c.requests) && worker.cells.some((c) => c.hits < c.requests)).toBe(true);
  });

  it('refuses a second value outside its measure, and too many cells, with a sentence', async () => {
    const base = { width: 6, height: 6, seed: 1, model: defaultModelFor('longcat'), targets: [10], requests: 1, evaluations: 10 };
    expect(refusal(await runHitRateMap({ ...base, also: { measure: 'leniency', values: [1.5] } }))).toMatch(/leniency is a share from 0 to 1/);
    expect(refusal(await runHitRateMap({ ...base, targets: Array.from({ length: 21 }, (_, i) => i), also: { measure: 'states', values: Array.from({ length: 20 }, (_, i) => i + 1) } }))).toMatch(/at most 400 cells/);
    expect(refusal(await runHitRateMap({ ...base, requests: 0 }))).toMatch(/requests per cell/);
  });
});
