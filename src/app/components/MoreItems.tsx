/** The last line of a capped list: "and 59,906 more" (nothing when none were left out). */
export function MoreItems({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return <li className="muted" data-testid={testId}>and {count.toLocaleString('en')} more</li>;
}
