// Prints what each test file of the last run cost, most expensive first:
// - Vitest: CPU seconds per file (its worker's own plus the child processes
//   it waited for), recorded by test/cpuReport.ts in
//   bench-results/suite-cpu/vitest.ndjson during `vitest run` / `npm test`;
// - Playwright: seconds per spec file (the sum of its tests' durations, from
//   the JSON report playwright.config.ts writes to
//   bench-results/suite-cpu/playwright.json). Playwright's runner, the
//   browser and the preview server are shared by all specs, so a spec's
//   cost is its time on its worker, not a CPU count of its own.
//
//   npm run suite:cpu                 every file, and the totals
//   npm run suite:cpu -- --top 10     the ten most expensive of each
//   npm run suite:cpu -- --markdown   the same as Markdown tables (docs/suite.md)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const VITEST = join(root, 'bench-results/suite-cpu/vitest.ndjson');
const PLAYWRIGHT = join(root, 'bench-results/suite-cpu/playwright.json');

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : Infinity;
const markdown = args.includes('--markdown');

/** Vitest files: the last record of each file (a file runs once per run). */
function vitestRows() {
  if (!existsSync(VITEST)) return null;
  const byFile = new Map();
  for (const line of readFileSync(VITEST, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line);
    byFile.set(r.file, r);
  }
  return [...byFile.values()].map((r) => ({ file: r.file, cost: r.cpuSeconds, children: r.childCpuSeconds, wall: r.wallSeconds }));
}

/** Playwright spec files: the sum over their tests' results (retries included). */
function playwrightRows() {
  if (!existsSync(PLAYWRIGHT)) return null;
  const report = JSON.parse(readFileSync(PLAYWRIGHT, 'utf8'));
  const byFile = new Map();
  const walk = (suite, file) => {
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          const row = byFile.get(f) ?? { file: `e2e/${f}`, cost: 0, tests: 0 };
          row.cost += (result.duration ?? 0) / 1000;
          row.tests++;
          byFile.set(f, row);
        }
      }
    }
    for (const s of suite.suites ?? []) walk(s, f);
  };
  for (const s of report.suites ?? []) walk(s, s.file);
  return { rows: [...byFile.values()], wall: (report.stats?.duration ?? 0) / 1000, workers: report.config?.workers ?? report.config?.metadata?.actualWorkers };
}

const fmt = (n) => n.toFixed(1);

function table(title, unit, rows, extra) {
  const sorted = [...rows].sort((a, b) => b.cost - a.cost);
  const total = rows.reduce((a, r) => a + r.cost, 0);
  const shown = sorted.slice(0, top);
  if (markdown) {
    console.log(`| ${title} | ${unit} | share |`);
    console.log('|---|---:|---:|');
    for (const r of shown) console.log(`| \`${r.file}\` | ${fmt(r.cost)} | ${((100 * r.cost) / total).toFixed(0)}% |`);
    console.log(`| all ${rows.length} files | ${fmt(total)} | 100% |`);
  } else {
    console.log(`${title}: ${rows.length} files, ${fmt(total)} ${unit}${extra ? `; ${extra}` : ''}`);
    const w = Math.max(...shown.map((r) => r.file.length));
    for (const r of shown) console.log(`  ${r.file.padEnd(w)}  ${fmt(r.cost).padStart(7)}${r.children ? `  (children ${fmt(r.children)})` : ''}`);
  }
  console.log('');
}

const v = vitestRows();
const p = playwrightRows();
if (v === null && p === null) {
  console.error('no record: run `npx vitest run` (or `npm test`) first; the records are in bench-results/suite-cpu/');
  process.exit(1);
}
if (v !== null) table('Vitest file', 'CPU s', v);
else console.log('Vitest: no record (bench-results/suite-cpu/vitest.ndjson)\n');
if (p !== null) table('Playwright spec', 's on its worker', p.rows, `run ${fmt(p.wall)} s wall${p.workers ? ` on ${p.workers} workers` : ''}`);
else console.log('Playwright: no record (bench-results/suite-cpu/playwright.json)\n');
