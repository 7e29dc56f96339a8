/**
 * Work that runs one at a time: a catch-up, a chat's sync, its read, its older page.
 * `request()` starts a run, or, while one runs, asks for one more after it (what changed
 * meanwhile is taken in), and resolves when the runs it asked for are over. `join()` shares the
 * run under way without asking for another.
 */
export class SingleFlight {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly run: () => Promise<void>,
    /** Checked before running again (a stopped engine does not). */
    private readonly mayRunAgain: () => boolean = () => true,
  ) {}

  get busy(): boolean {
    return this.running !== null;
  }

  request(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    return this.start();
  }

  join(): Promise<void> {
    return this.running ?? this.start();
  }

  private start(): Promise<void> {
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.run();
        } while (this.again && this.mayRunAgain());
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
