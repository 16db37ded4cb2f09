/** Progress lines on stderr for long runs, at most one per second. */
export class Progress {
  private last = 0;
  private readonly started = performance.now();

  constructor(private readonly label: string, private readonly total: number, private readonly enabled: boolean) {}

  tick(done: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.last < 1000 && done < this.total) return;
    this.last = now;
    const rate = done / Math.max(1e-9, (now - this.started) / 1000);
    process.stderr.write(`${this.label}: ${done}/${this.total} (${Math.round(rate)}/s)\n`);
  }

  seconds(): number {
    return (performance.now() - this.started) / 1000;
  }
}
