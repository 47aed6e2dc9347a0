// Whether an endpoint takes traffic. Consecutive failures (from requests or probes) eject it for a
// while; a success, or the ejection running out, re-admits it. An endpoint that failed again right
// after re-admission is ejected again at once, since its failure count was never reset.
export interface HealthPolicy {
  ejectAfterFailures: number;
  ejectMs: number;
}

export class Health {
  consecutiveFailures = 0;
  /** Epoch ms until which the endpoint is out of rotation; 0 when it is in. */
  ejectedUntil = 0;

  usable(now: number): boolean {
    return now >= this.ejectedUntil;
  }

  succeeded(): void {
    this.consecutiveFailures = 0;
    this.ejectedUntil = 0;
  }

  /** Returns true when this failure takes the endpoint out of rotation. */
  failed(now: number, policy: HealthPolicy): boolean {
    this.consecutiveFailures++;
    if (this.consecutiveFailures < policy.ejectAfterFailures) return false;
    const wasUsable = this.usable(now);
    this.ejectedUntil = now + policy.ejectMs;
    return wasUsable;
  }
}
