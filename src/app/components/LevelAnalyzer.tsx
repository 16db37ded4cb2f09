import { useMemo, useState } from 'react';
import { describeParseError, parseLevel } from '../../core/level/format';
import { analyzeLevel } from '../../core/graph/analyze';
import { NODE_CLASSES } from '../../core/graph/classes';
import { FEATURE_NAMES } from '../../core/graph/features';
import { LevelPreview } from './LevelPreview';

const SAMPLE = '; sample\n#....\n#.#..\n...#.\n.C...\n.....';

const formatValue = (v: number): string => (Number.isFinite(v) ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : '∞');

/**
 * Paste or type a level in the text format and see its class counts and
 * every graph feature, updated on each keystroke.
 */
export function LevelAnalyzer() {
  const [text, setText] = useState(SAMPLE);
  const parsed = useMemo(() => parseLevel(text), [text]);
  const analysis = useMemo(() => (parsed.ok ? analyzeLevel(parsed.value) : null), [parsed]);

  return (
    <section className="analyzer">
      <div className="analyzer-input">
        <label htmlFor="level-text">Level (text format: <code>.</code> empty, <code>#</code> wall, <code>C</code> head)</label>
        <textarea
          id="level-text"
          data-testid="analyzer.input"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={18}
        />
        {!parsed.ok && (
          <p className="error" role="alert" data-testid="analyzer.error">
            {describeParseError(parsed.error)}
          </p>
        )}
        {parsed.ok && <LevelPreview level={parsed.value} />}
      </div>
      <div className="analyzer-output">
        {analysis !== null && !analysis.ok && (
          <p className="error" role="alert" data-testid="analyzer.error">
            {analysis.error.message}
          </p>
        )}
        {analysis !== null && analysis.ok && (
          <>
            <h2>Node classes</h2>
            <table data-testid="graph.counts">
              <tbody>
                {NODE_CLASSES.map((c) => (
                  <tr key={c} data-testid={`graph.count.${c}`}>
                    <th>
                      <span className={`swatch swatch-${c}`} /> {c}
                    </th>
                    <td>{analysis.value.counts[c]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h2>Features</h2>
            <table data-testid="analyzer.features">
              <tbody>
                {FEATURE_NAMES.map((f) => (
                  <tr key={f} data-testid={`feature.${f}`}>
                    <th>{f}</th>
                    <td>{formatValue(analysis.value.features[f])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </section>
  );
}
