// Whether Chartside can reach its server: the web app's one online/offline signal. The offline banner, autosave (its
// offline state and its save on return), TanStack Query's onlineManager, the realtime socket and the service worker's
// update checks all read it.
//
// Offline when the browser says so (navigator.onLine false), or when the browser believes it is online but the server
// cannot be reached (hospital Wi-Fi behind a captive portal, a dropped VPN, the API down): an API request failed at the
// network level or timed out, or the realtime socket could not connect and a probe confirmed it. Back online when the
// probe (GET {apiUrl}/health, answered by Chartside itself) succeeds. While the server is unreachable the probe repeats
// with backoff, and at once when the browser reports 'online' or the page is shown again.
import { backoffDelay, type Backoff } from '../backoff';

export type ConnectivityListener = (online: boolean) => void;

/** Answers whether Chartside's server answered. */
export type Probe = () => Promise<boolean>;

export const probeBackoff: Backoff = { initialMs: 1_000, maxMs: 15_000 };

/** A probe with no answer after this long has failed. */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * The probe of a deployment: its health route, without the HTTP cache. Only Chartside's own health report counts: a
 * captive portal answers any address with its sign-in page.
 */
export const healthProbe =
  (apiUrl: string): Probe =>
  async () => {
    try {
      const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/health`, {
        cache: 'no-store',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      const report: unknown = await response.json();
      const { HealthReport } = await import('./health-report');
      return HealthReport.safeParse(report).success;
    } catch {
      return false;
    }
  };

const browserSaysOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export class Connectivity {
  private serverReachable = true;
  private probe: Probe | undefined;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private probeInFlight = false;
  private attempt = 0;
  private last: boolean;
  private readonly listeners = new Set<ConnectivityListener>();

  constructor(
    private readonly backoff: Backoff = probeBackoff,
    private readonly browserOnline: () => boolean = browserSaysOnline,
  ) {
    this.last = this.isOnline();
    if (typeof window === 'undefined') return;
    window.addEventListener('offline', this.changed);
    window.addEventListener('online', this.browserBack);
    document.addEventListener('visibilitychange', this.shown);
  }

  /** Stops following the browser and probing (tests make one per test; the app's lives as long as the page). */
  dispose(): void {
    clearTimeout(this.probeTimer);
    this.probe = undefined;
    window.removeEventListener('offline', this.changed);
    window.removeEventListener('online', this.browserBack);
    document.removeEventListener('visibilitychange', this.shown);
  }

  isOnline = (): boolean => this.browserOnline() && this.serverReachable;

  /** Calls `listener` with the new value each time it changes. */
  subscribe = (listener: ConnectivityListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** How to ask the server whether it is there (the app sets it once it knows the API's address). */
  setProbe(probe: Probe): void {
    this.probe = probe;
  }

  /** An API request failed at the network level or had no answer in time. */
  reportUnreachable = (): void => {
    if (!this.browserOnline()) return; // explained by the browser being offline; 'online' tells when it is back
    if (this.serverReachable) {
      this.serverReachable = false;
      this.attempt = 0;
      this.changed();
    }
    this.scheduleProbe();
  };

  /** The server answered a request (whatever its status). */
  reportReachable = (): void => {
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    if (this.serverReachable) return;
    this.serverReachable = true;
    this.changed();
  };

  /** Something hints that the server may be gone (the realtime socket could not connect): ask it now. */
  check = (): void => {
    if (this.browserOnline() && this.serverReachable) void this.runProbe();
  };

  private readonly changed = (): void => {
    const online = this.isOnline();
    if (online === this.last) return;
    this.last = online;
    for (const listener of this.listeners) listener(online);
  };

  /** The browser says it is online again, or the page is shown again: an unreachable server is asked at once. */
  private readonly browserBack = (): void => {
    this.changed();
    if (!this.serverReachable && this.browserOnline()) {
      this.attempt = 0;
      void this.runProbe();
    }
  };

  private readonly shown = (): void => {
    if (document.visibilityState === 'visible') this.browserBack();
  };

  private scheduleProbe(): void {
    if (this.probeTimer !== undefined || this.probeInFlight || !this.probe) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      void this.runProbe();
    }, backoffDelay(this.attempt++, this.backoff));
  }

  private async runProbe(): Promise<void> {
    if (this.probeInFlight || !this.probe) return;
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    this.probeInFlight = true;
    let answered = false;
    try {
      answered = await this.probe();
    } finally {
      this.probeInFlight = false;
    }
    if (answered) this.reportReachable();
    else this.reportUnreachable();
  }
}

/** The app's one connectivity signal. */
export const connectivity = new Connectivity();
