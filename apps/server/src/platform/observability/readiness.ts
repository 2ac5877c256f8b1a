/**
 * Whether this process may be sent traffic (readiness) — not whether it is alive (liveness, which
 * answers as long as the event loop does). Not ready while the migrations run, before start-up has
 * finished, while shutting down, or when the database does not answer.
 */
export type ProcessPhase = 'starting' | 'migrating' | 'ready' | 'stopping';

export interface ReadinessReport {
  ready: boolean;
  phase: ProcessPhase;
  database: 'ok' | 'unreachable';
}

export interface Readiness {
  readonly phase: ProcessPhase;
  enter(phase: ProcessPhase): void;
  /** The phase, and a database probe (`select 1`) bounded by `timeoutMs`. */
  check(): Promise<ReadinessReport>;
}

export function createReadiness(
  probeDatabase: () => Promise<unknown>,
  timeoutMs = 2_000,
): Readiness {
  let phase: ProcessPhase = 'starting';
  return {
    get phase() {
      return phase;
    },
    enter(next) {
      phase = next;
    },
    async check() {
      const database = await withTimeout(probeDatabase(), timeoutMs).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      );
      return { ready: phase === 'ready' && database === 'ok', phase, database };
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('délai dépassé')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
