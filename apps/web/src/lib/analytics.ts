/**
 * Usage statistics (spec 4 "Analytics session", 7 "Statistics calls", 9 "Analytics"), off
 * unless an app key is configured (`analyticsFromEnv`). The protocol with the collector
 * (`packages/protocol/src/stats.ts`; the server's own is modules/stats):
 *
 * - **Config check.** At start, `GET /stat/config?appKey&version` answers `{ret, enable}`. The
 *   answer is kept (localStorage) and holds 24 h, then the collector is asked again; until a
 *   first answer, events wait in memory, and an unanswered check is asked again at the next
 *   report tick. `enable: false` drops what waits and records nothing until the next check.
 * - **Reports.** Every 10 s the waiting events go out as `POST /stat/report` batches of at most
 *   20. A batch that fails (no answer, a 5xx, a 408 or 429) is sent again 1 s later, 3 times;
 *   then it goes as image beacons (`new Image().src = …/stat/beacon?appKey&d=<JSON>`), whose
 *   answer nobody reads. A refusal is final: the batch is dropped, and a 403 (the collector does
 *   not count this key) stops reporting until the next check.
 * - **Sessions.** An app session starts with the app and ends after 300 s in the background
 *   (the document hidden), when the page is closed, or after 1800 s on one page (its page
 *   session). Back on the page, or at the next page view, a new session starts and the page
 *   being shown counts as viewed again.
 *
 * What is sent, and nothing else: the app key; `session_start` with the app version,
 * `language` with the interface language, `session_end` with the session's length in coarse
 * bands, `page_view` with the route's path (never its query, which holds ids; unknown paths as
 * `not-found`). No user id, no device id, no message content, no cookie (requests go
 * `credentials: 'omit'`) and no referrer. Events are names and values of at most 255
 * characters without control characters: a longer or garbled one is refused here (the
 * collector would refuse the whole batch), not cut, so no two events merge into one.
 *
 * Nothing here throws into the UI or waits on the network in its path: every entry point
 * catches, every request is fire-and-forget.
 */
import {
  APP_VERSION,
  REQUEST_TIMEOUT_MS,
  STAT_APP_TIMEOUT_MS,
  STAT_BATCH_MAX,
  STAT_BEACON_MAX,
  STAT_NAME_MAX,
  STAT_PAGE_TIMEOUT_MS,
  STAT_RECHECK_MS,
  STAT_REPORT_INTERVAL_MS,
  STAT_RETRIES,
  STAT_RETRY_DELAY_MS,
  STAT_SESSION_BANDS,
  STAT_SESSION_LONGEST,
  STAT_VALUE_MAX,
  StatEventName,
  hasForbiddenCharacters,
} from '@paichat/protocol';
import { lazyModule } from './lazyModule';

/** The collector's answer is checked with the protocol's schema, loaded off the first page's path. */
const statConfig = lazyModule(() => import('@paichat/protocol').then((m) => m.StatConfig));

/** At most this many events wait (the oldest go first): a collector that is down costs nothing. */
export const QUEUE_MAX = 100;

/** A session's length as sent with `session_end`: the first band it fits, in seconds. */
export function sessionBand(ms: number): string {
  const seconds = ms / 1000;
  return STAT_SESSION_BANDS.find(([max]) => seconds < max)?.[1] ?? STAT_SESSION_LONGEST;
}

export interface AnalyticsOptions {
  /** The collector's address, without a trailing slash; '' is this page's own server. */
  url: string;
  appKey: string;
  version?: string;
}

/** The page as the sessions see it. */
export interface PageLifecycle {
  hidden(): boolean;
  /** `visibilitychange`, `pagehide` and `pageshow` (with `persisted`: back from the cache); returns the removal. */
  on(type: 'visibilitychange' | 'pagehide' | 'pageshow', listener: (persisted: boolean) => void): () => void;
}

export interface AnalyticsDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Loads an image from the URL and ignores the answer. */
  beacon: (url: string) => void;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  page: PageLifecycle;
  language: () => string;
  /** A refused event or batch (development builds log it). */
  warn: (message: string) => void;
}

const browserPage: PageLifecycle = {
  hidden: () => document.visibilityState === 'hidden',
  on(type, listener) {
    const handler = (event: Event) => listener(event instanceof PageTransitionEvent && event.persisted);
    const target: EventTarget = type === 'visibilitychange' ? document : window;
    target.addEventListener(type, handler);
    return () => target.removeEventListener(type, handler);
  },
};

const defaultDeps = (): AnalyticsDeps => ({
  // Late-bound so a stubbed global fetch is seen.
  fetch: (url, init) => globalThis.fetch(url, init),
  beacon: (url) => {
    const image = new Image();
    image.referrerPolicy = 'no-referrer';
    image.src = url;
  },
  storage: (() => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  })(),
  page: browserPage,
  language: () => document.documentElement.lang || 'en',
  warn: (message) => {
    if (import.meta.env.DEV) console.warn(`[analytics] ${message}`);
  },
});

/** Where the last config answer is kept, with the collector and key it is for. */
export const STATUS_STORAGE_KEY = 'stat_status';
interface StoredStatus {
  url: string;
  appKey: string;
  enable: boolean;
  checkedAt: number;
}

type Outcome = 'done' | 'retry' | 'refused' | 'forbidden';

/** A refusal that asking again will not change (a 4xx but a timeout or a busy collector). */
const isFinal = (code: number): boolean => code >= 400 && code < 500 && code !== 408 && code !== 429;

/** What an answer means for a batch: an answer without an envelope (a proxy's 502, a page) is worth another try. */
async function outcomeOf(response: Response): Promise<Outcome> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (typeof body?.code !== 'number') return 'retry';
  if (body.code === 200 && response.ok) return 'done';
  if (body.code === 403) return 'forbidden';
  return isFinal(body.code) ? 'refused' : 'retry';
}

const requestInit = (init: RequestInit, signal: AbortSignal): RequestInit => ({
  ...init,
  credentials: 'omit',
  referrerPolicy: 'no-referrer',
  signal,
});

export class Analytics {
  private readonly deps: AnalyticsDeps;
  private readonly version: string;
  private status: 'unknown' | 'on' | 'off' = 'unknown';
  private queue: { name: string; value: string }[] = [];
  private started = false;
  private sending = false;
  private checking = false;
  private checkDue = true;
  private session: { startedAt: number } | null = null;
  private hiddenAt: number | null = null;
  private route: string | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly requests = new Set<AbortController>();
  private appTimer: ReturnType<typeof setTimeout> | undefined;
  private pageTimer: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private removals: (() => void)[] = [];

  constructor(
    private readonly options: AnalyticsOptions,
    deps: Partial<AnalyticsDeps> = {},
  ) {
    this.deps = { ...defaultDeps(), ...deps };
    this.version = options.version ?? APP_VERSION;
  }

  /** Checks the config, starts the app session and the report timer, and follows the page. */
  start(): void {
    this.guard(() => {
      if (this.started) return;
      this.started = true;
      const { page } = this.deps;
      this.removals.push(
        page.on('visibilitychange', () =>
          this.guard(() => (page.hidden() ? this.onHidden() : this.onShown())),
        ),
        page.on('pagehide', () => this.guard(() => this.onClosed())),
        page.on('pageshow', (persisted) => this.guard(() => persisted && this.onShown())),
      );
      this.startSession();
      if (page.hidden()) this.onHidden();
      this.useStoredStatus();
      if (this.checkDue) void this.check();
      this.ticker = setInterval(() => this.guard(() => this.tick()), STAT_REPORT_INTERVAL_MS);
    });
  }

  /** Stops every timer, listener and request under way; what waits is dropped. */
  stop(): void {
    this.guard(() => {
      this.started = false;
      for (const remove of this.removals.splice(0)) remove();
      clearInterval(this.ticker);
      clearTimeout(this.appTimer);
      clearTimeout(this.pageTimer);
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      for (const request of this.requests) request.abort();
      this.queue = [];
    });
  }

  /** A page was shown: its route's path (no query). Starts a new page session (and app session if none). */
  pageView(path: string): void {
    this.guard(() => {
      if (!this.started) return;
      this.route = path;
      if (!this.session) this.startSession();
      this.countPage();
    });
  }

  /**
   * Records an event. Refused (false) when reporting is off, or when the name is empty, the
   * name or value longer than 255 characters, or either holds control characters.
   */
  track(name: string, value = ''): boolean {
    try {
      if (!this.started || this.status === 'off') return false;
      if (!name || name.length > STAT_NAME_MAX || value.length > STAT_VALUE_MAX) {
        this.deps.warn(
          `event refused: a name of 1 to ${STAT_NAME_MAX} and a value of at most ${STAT_VALUE_MAX} characters`,
        );
        return false;
      }
      if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value)) {
        this.deps.warn('event refused: control characters');
        return false;
      }
      this.queue.push({ name, value });
      if (this.queue.length > QUEUE_MAX) this.queue.shift();
      return true;
    } catch {
      return false;
    }
  }

  private guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.deps.warn(String(error));
    }
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.guard(run);
    }, ms);
    this.timers.add(timer);
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  // Sessions.

  private startSession(): void {
    this.session = { startedAt: Date.now() };
    this.track(StatEventName.SESSION_START, this.version);
    let language = '';
    try {
      language = this.deps.language();
    } catch {
      // Counted as unknown ('').
    }
    this.track(StatEventName.LANGUAGE, language);
  }

  private endSession(at: number): void {
    clearTimeout(this.appTimer);
    clearTimeout(this.pageTimer);
    if (!this.session) return;
    this.track(StatEventName.SESSION_END, sessionBand(at - this.session.startedAt));
    this.session = null;
  }

  /** Counts the current page, and ends the session if it stays there 1800 s. */
  private countPage(): void {
    if (this.route === null) return;
    this.track(StatEventName.PAGE_VIEW, this.route);
    clearTimeout(this.pageTimer);
    this.pageTimer = setTimeout(() => this.guard(() => this.endSession(Date.now())), STAT_PAGE_TIMEOUT_MS);
  }

  private onHidden(): void {
    this.hiddenAt = Date.now();
    const hiddenAt = this.hiddenAt;
    clearTimeout(this.appTimer);
    this.appTimer = setTimeout(() => this.guard(() => this.endSession(hiddenAt)), STAT_APP_TIMEOUT_MS);
    this.flush();
  }

  private onShown(): void {
    clearTimeout(this.appTimer);
    // A background tab's timers may run late: the time away decides, not the timer.
    if (this.hiddenAt !== null && Date.now() - this.hiddenAt >= STAT_APP_TIMEOUT_MS)
      this.endSession(this.hiddenAt);
    this.hiddenAt = null;
    if (this.session) return;
    this.startSession();
    this.countPage();
  }

  /** The page is closing (or going into the back-forward cache): the session ends, and goes out now. */
  private onClosed(): void {
    this.endSession(Date.now());
    this.hiddenAt = null;
    this.flush(true);
  }

  // The config check.

  private useStoredStatus(): void {
    try {
      const raw = this.deps.storage?.getItem(STATUS_STORAGE_KEY);
      const stored = raw ? (JSON.parse(raw) as Partial<StoredStatus>) : null;
      if (
        !stored ||
        stored.url !== this.options.url ||
        stored.appKey !== this.options.appKey ||
        typeof stored.enable !== 'boolean' ||
        typeof stored.checkedAt !== 'number'
      )
        return;
      const age = Date.now() - stored.checkedAt;
      if (age < 0 || age >= STAT_RECHECK_MS) return;
      this.setStatus(stored.enable);
      this.checkDue = false;
      this.later(STAT_RECHECK_MS - age, () => this.recheck());
    } catch {
      // An unreadable answer is asked again.
    }
  }

  private recheck(): void {
    this.checkDue = true;
    void this.check();
  }

  private async check(): Promise<void> {
    if (this.checking || !this.started) return;
    this.checking = true;
    try {
      const query = new URLSearchParams({ appKey: this.options.appKey, version: this.version });
      const response = await this.request(`${this.options.url}/stat/config?${query.toString()}`, {});
      const body = (await response.json()) as { code?: unknown; data?: unknown };
      const answer = body.code === 200 ? (await statConfig.load()).safeParse(body.data) : null;
      let enable: boolean;
      if (answer?.success) enable = answer.data.ret === 0 && answer.data.enable;
      // A refusal (a key or version the collector cannot take) holds like `enable: false`.
      else if (typeof body.code === 'number' && isFinal(body.code)) enable = false;
      else return;
      this.checkDue = false;
      this.setStatus(enable);
      this.storeStatus(enable);
      this.later(STAT_RECHECK_MS, () => this.recheck());
    } catch {
      // No answer: asked again at the next tick.
    } finally {
      this.checking = false;
    }
  }

  private setStatus(enable: boolean): void {
    this.status = enable ? 'on' : 'off';
    if (!enable) this.queue = [];
  }

  private storeStatus(enable: boolean): void {
    try {
      const stored: StoredStatus = {
        url: this.options.url,
        appKey: this.options.appKey,
        enable,
        checkedAt: Date.now(),
      };
      this.deps.storage?.setItem(STATUS_STORAGE_KEY, JSON.stringify(stored));
    } catch {
      // Private mode or a full storage: asked again next time.
    }
  }

  // Reports.

  private tick(): void {
    if (this.checkDue) void this.check().then(() => this.guard(() => this.flush()));
    else this.flush();
  }

  /** Sends what waits, in batches; `closing`: at once, without retries (the page is going). */
  private flush(closing = false): void {
    if (this.status !== 'on' || this.queue.length === 0) return;
    if (closing) {
      for (const batch of this.batches(this.queue.splice(0)))
        void this.post(batch, true).then(
          (outcome) => outcome === 'retry' && this.sendBeacons(batch),
          () => this.sendBeacons(batch),
        );
      return;
    }
    if (this.sending) return;
    this.sending = true;
    const batches = this.batches(this.queue.splice(0));
    void (async () => {
      for (const batch of batches) if (this.started && this.status === 'on') await this.send(batch);
    })().finally(() => (this.sending = false));
  }

  private batches<T>(events: T[]): T[][] {
    const batches: T[][] = [];
    for (let i = 0; i < events.length; i += STAT_BATCH_MAX) batches.push(events.slice(i, i + STAT_BATCH_MAX));
    return batches;
  }

  /** One batch: the POST, 3 more 1 s apart while it fails, then image beacons. */
  private async send(batch: { name: string; value: string }[]): Promise<void> {
    for (let attempt = 0; attempt <= STAT_RETRIES; attempt += 1) {
      if (attempt > 0) await this.wait(STAT_RETRY_DELAY_MS);
      if (!this.started) return;
      const outcome = await this.post(batch, false).catch((): Outcome => 'retry');
      if (outcome === 'done') return;
      if (outcome === 'forbidden') {
        this.deps.warn('the collector does not count this app key');
        this.setStatus(false);
        return;
      }
      if (outcome === 'refused') {
        this.deps.warn('the collector refused a batch');
        return;
      }
    }
    this.sendBeacons(batch);
  }

  private async post(batch: { name: string; value: string }[], keepalive: boolean): Promise<Outcome> {
    const response = await this.request(`${this.options.url}/stat/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appKey: this.options.appKey, events: batch }),
      keepalive,
    });
    return outcomeOf(response);
  }

  /** The batch as GET image beacons, each URL short enough for any server or proxy. */
  private sendBeacons(batch: { name: string; value: string }[]): void {
    const base = `${this.options.url}/stat/beacon?appKey=${encodeURIComponent(this.options.appKey)}&d=`;
    const urlOf = (events: typeof batch) => base + encodeURIComponent(JSON.stringify(events));
    let chunk: typeof batch = [];
    const send = () => {
      if (chunk.length > 0) this.guard(() => this.deps.beacon(urlOf(chunk)));
      chunk = [];
    };
    for (const event of batch) {
      if (chunk.length > 0 && urlOf([...chunk, event]).length > STAT_BEACON_MAX) send();
      chunk.push(event);
    }
    send();
  }

  /** A request that gives up after the spec's 60 s, carrying no cookie and no referrer. */
  private async request(url: string, init: RequestInit): Promise<Response> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    this.timers.add(timer);
    this.requests.add(abort);
    try {
      return await this.deps.fetch(url, requestInit(init, abort.signal));
    } finally {
      clearTimeout(timer);
      this.timers.delete(timer);
      this.requests.delete(abort);
    }
  }
}
