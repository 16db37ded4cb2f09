/**
 * Level analysis as plain async functions: the worker exposes them
 * (analysis.worker.ts), the client falls back to calling them directly, and
 * Node (tests, CLI) can call them too.
 *
 * The graph crosses the worker boundary as a struct of typed arrays
 * (`GraphData`, defined in core/graph/graphData.ts), not one object per node.
 */
import { Analyzer, type StateCapError } from '../core/graph/analyze';
import { toGraphData } from '../core/graph/graphData';
import { parseRows, describeParseError } from '../core/level/format';
import { rulesetByName } from '../core/rules/registry';
import { AnalysisRequestSchema, type AnalysisRequest, type AnalysisResult } from './analysis.protocol';
import { invalid, ok, parseRequest, type Outcome } from './outcome';

export type { AnalysisRequest, AnalysisResult } from './analysis.protocol';

export type { GraphData } from '../core/graph/graphData';

let shared: Analyzer | undefined;

/**
 * Searches the level's whole state space and classifies every node.
 * Validates the request (it crossed a worker boundary). O(V + E) after the
 * search; copies the search buffers once.
 */
export async function analyzeRows(request: AnalysisRequest): Promise<Outcome<AnalysisResult>> {
  return analyzeRowsSync(request);
}

/** The synchronous core of {@link analyzeRows} (benchmarks, tests). */
export function analyzeRowsSync(request: AnalysisRequest): Outcome<AnalysisResult> {
  const r = parseRequest(AnalysisRequestSchema, request);
  if (r.kind !== 'ok') return r;
  const cap = r.value.maxStates;
  const parsed = parseRows(r.value.rows);
  if (!parsed.ok) return invalid(describeParseError(parsed.error));
  const level = parsed.value;
  const rules = rulesetByName(r.value.rules);
  const problem = rules.levelProblem(level);
  if (problem !== null) return invalid(`not a ${rules.title} level: ${problem}`);
  const started = performance.now();
  shared ??= new Analyzer();
  const run = shared.run(level, { maxStates: cap, rules });
  if (!run.ok) return ok(capResult(run.error));
  const graph = toGraphData(level, run.value.graph, run.value.classification, performance.now() - started);
  return ok({ kind: 'graph', graph });
}

function capResult(error: StateCapError): AnalysisResult {
  return { kind: 'state-cap', cap: error.cap, statesExplored: error.statesExplored, message: error.message };
}
