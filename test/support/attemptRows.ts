/**
 * A large attempts CSV written a piece at a time, for `rate`'s scale test
 * and benchmark: `players` players each try the pack's `levels` levels in
 * order, 1-3 tries a level, seeded. Times are drawn around a per-level
 * base so the file is a plausible population, not noise.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { createRng } from '../../src/core/util/rng';

/** Writes the file; returns the number of data rows. */
export function writeAttemptRows(file: string, o: { seed: number; rows: number; levels: readonly string[] }): number {
  const rng = createRng(o.seed);
  const fd = openSync(file, 'w');
  let buf = 'level,player,outcome,seconds,startedAt\n';
  let rows = 0, player = 0;
  const start = Date.UTC(2026, 10, 1) / 1000;
  while (rows < o.rows) {
    const speed = rng.next() - 0.5;
    let clock = start + player * 37;
    for (let l = 0; l < o.levels.length && rows < o.rows; l++) {
      const tries = 1 + rng.int(3);
      const gaveUp = rng.next() < 0.1;
      for (let t = 0; t < tries && rows < o.rows; t++) {
        const last = t === tries - 1;
        const seconds = Math.round(10 * (5 + 10 * l) * Math.exp(speed + 0.5 * (rng.next() - 0.5))) / 10;
        buf += `${o.levels[l]},p${player},${last ? (gaveUp ? 'gaveup' : 'solved') : 'failed'},${seconds},${clock}\n`;
        clock += Math.ceil(seconds) + 1;
        rows++;
      }
      if (gaveUp) break;
    }
    player++;
    if (buf.length > 1 << 20) {
      writeSync(fd, buf);
      buf = '';
    }
  }
  writeSync(fd, buf);
  closeSync(fd);
  return rows;
}
