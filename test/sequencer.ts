/**
 * Vitest's file order (vite.config.ts `sequence.sequencer`): Vitest's own
 * (failed first, then longest first by its cache of the last runs, else
 * larger files first), except that the files known to cost the most start
 * first. On a bare clone there is no cache, and the longest files would
 * otherwise start wherever the glob puts them: the docs test, a couple of
 * minutes of CPU, started last, is a couple of minutes on one worker while
 * the other idles. The list is docs/suite.md's table (`npm run suite:cpu`).
 */
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** The most expensive test files, most expensive first (CPU seconds: docs/suite.md). */
export const LONGEST_FIRST = [
  'test/docs.test.ts',
  'src/core/difficulty/recipe.test.ts',
  'test/packedInstall.test.ts',
  'src/cli/paint.test.ts',
  'src/ml/fused/fusedUpdate.test.ts',
  'test/naive/paint.test.ts',
  'src/cli/stream.test.ts',
];

export default class LongestFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  private async base() {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx);
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.base()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await this.base()).sort(files);
    const rank = (f: TestSpecification): number => {
      const at = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
