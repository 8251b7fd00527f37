/**
 * Injectable failures. A rule matches a request by method (optional) and by the path after
 * `/api/v1` (or the raw path for non-API routes such as `/g/<token>`), applies `times` times
 * (default once; Infinity allowed), first matching rule wins.
 */
export type FaultAction =
  /** Answer with the error envelope (code defaults: 429/503 server_busy, 500 internal_error). */
  | { kind: 'status'; status: number; code?: string; retryAfterSeconds?: number }
  /** Answer 200 with these bytes instead of handling (a result host serving the wrong thing). */
  | { kind: 'body'; contentType: string; body: string }
  /** Answer 200 and then one byte every `intervalMs`, never finishing (a stalled result host). */
  | { kind: 'trickle'; intervalMs: number; contentType: string }
  /** Wait (real time) then handle normally. */
  | { kind: 'latency'; ms: number }
  /** Destroy the socket without handling the request. */
  | { kind: 'drop-before' }
  /**
   * Handle the request fully (side effects happen), then destroy the socket without answering.
   * `afterHandling` runs in between (tests: move a manual clock so a retry finds the order finished).
   */
  | { kind: 'drop-after'; afterHandling?: () => void };

export interface FaultRule {
  method?: string;
  path: string | RegExp;
  times?: number;
  action: FaultAction;
}

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    const times = rule.times ?? 1;
    if (!(times > 0)) throw new RangeError('times must be > 0');
    this.rules.push({ rule, remaining: times });
  }

  clear(): void {
    this.rules = [];
  }

  /** Rules that still have uses left. */
  get pending(): number {
    return this.rules.length;
  }

  /** Finds the first matching rule, uses it up once and returns its action. */
  take(method: string, path: string): FaultAction | undefined {
    const index = this.rules.findIndex(({ rule }) => matches(rule, method, path));
    if (index < 0) return undefined;
    const active = this.rules[index]!;
    active.remaining -= 1;
    if (active.remaining <= 0) this.rules.splice(index, 1);
    return active.rule.action;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  if (typeof rule.path === 'string') return rule.path === path;
  rule.path.lastIndex = 0; // a /g regex would otherwise remember its last position
  return rule.path.test(path);
}
