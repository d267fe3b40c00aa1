/**
 * Heavy work (a subject export) shares the service fairly: each company runs one at a time,
 * at most MAX_RUNNING run at once, and the work yields to the event loop between chunks so
 * every other request keeps being answered. A company's second export waits behind its first
 * instead of taking a second slot, so one company cannot fill the service with its own.
 */
export const MAX_RUNNING = 2;

export class HeavyWorkQueue {
  private running = 0;
  private readonly busyCompanies = new Set<number>();
  private readonly waiting: { companyId: number; start: () => void }[] = [];

  constructor(private readonly maxRunning = MAX_RUNNING) {}

  /** Runs `work` for the company when its turn comes. */
  async run<T>(companyId: number, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ companyId, start });
      this.next();
    });
    try {
      return await work();
    } finally {
      this.running--;
      this.busyCompanies.delete(companyId);
      this.next();
    }
  }

  /** How many wait and run, for tests and logs. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private next(): void {
    while (this.running < this.maxRunning) {
      const index = this.waiting.findIndex((w) => !this.busyCompanies.has(w.companyId));
      if (index < 0) return;
      const [turn] = this.waiting.splice(index, 1);
      this.running++;
      this.busyCompanies.add(turn.companyId);
      turn.start();
    }
  }
}

/** Lets the event loop answer other requests between two chunks of heavy work. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
