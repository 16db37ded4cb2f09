/**
 * The designer's rules the studio checks live as a level is drawn (SPEC
 * §15; the same rules `longcat lint` checks in CI, docs/repository.md).
 * Null: no rules loaded, nothing checked. Saved with the workspace (v4),
 * so a reload checks the same rules; the rules file itself stays in the
 * game's repository, where `longcat lint` reads it.
 */
import type { LintRules } from '../../core/repo/lint';
import type { SliceCreator } from './types';

export interface LintSlice {
  lintRules: LintRules | null;
  /** Where the rules came from (a file name, or "default rules"), for the panel. */
  lintRulesSource: string | null;
  setLintRules(rules: LintRules | null, source?: string): void;
}

export const createLintSlice: SliceCreator<LintSlice> = () => (set) => ({
  lintRules: null,
  lintRulesSource: null,
  setLintRules: (rules, source) => set({ lintRules: rules, lintRulesSource: rules === null ? null : (source ?? 'rules') }),
});
