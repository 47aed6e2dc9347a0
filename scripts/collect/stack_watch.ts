// Telling rollouts that failed from a stack that stopped answering. A rollout none of whose
// attempts got an answer from its agent (connection refused or reset) is held back, not yet a
// failure. After STREAK of them in a row, with nothing answered in between, the agents they went
// to are asked whether they are alive (GET /); if none answers, the stack is down: the held
// rollouts failed because of the stack, not their rows, so they are never written and stay missing
// for --resume. Any answer releases them as ordinary failures.
import { call } from "../../shared/client/call.ts";
import type { Target } from "../../shared/client/call.ts";
import { FAILURE_CLASS_KEY } from "../../shared/schemas/run.ts";
import type { Failure } from "./rollout.ts";

const STREAK = 3;
const PROBE_DEADLINE_MS = 5000;

export interface StackDown {
  /** Consecutive rollouts whose agent never answered, none of them written. */
  connectionFailures: number;
  /** Pending rollouts never dispatched. */
  notTried: number;
}

export const describeStackDown = (down: StackDown) =>
  `the stack stopped answering (${down.connectionFailures} consecutive connection failures); ${down.notTried} rollouts not tried`;

/**
 * Whether a failure got no answer from the agent at all. A failure the agent answered carries its
 * HTTP status; one thrown by the client before any answer does not (a deadline is excluded: a slow
 * stack is not a dead one).
 */
export function unanswered(failure: Failure): boolean {
  const failureClass = failure[FAILURE_CLASS_KEY];
  if (failureClass === "transport") return true;
  const error = failure.error as { status?: unknown } | null;
  return failureClass === "upstream_unavailable" && typeof error === "object" && error !== null && error.status === undefined;
}

async function answers(target: Target, headers: Record<string, string>): Promise<boolean> {
  try {
    await call(target, "/", { method: "GET", deadlineMs: PROBE_DEADLINE_MS, attempts: 2, headers });
    return true;
  } catch {
    return false;
  }
}

export class StackWatch<T extends { target: Target }> {
  readonly #headers: Record<string, string>;
  readonly #release: (held: T[]) => Promise<void>;
  #held: T[] = [];
  #probing = false;
  #down = false;

  /** `release` records held rollouts as failures once something answered. */
  constructor(headers: Record<string, string>, release: (held: T[]) => Promise<void>) {
    this.#headers = headers;
    this.#release = release;
  }

  /** Once the stack was found down: the rollouts nothing answered, none of which was written. */
  get down(): number | undefined {
    return this.#down ? this.#held.length : undefined;
  }

  /** A rollout something answered (its result, or a failure its agent reported). */
  async answered(): Promise<void> {
    if (!this.#down) await this.#flush();
  }

  /** A rollout nothing answered; true when it showed the stack to be down. */
  async unanswered(rollout: T): Promise<boolean> {
    this.#held.push(rollout);
    if (this.#down || this.#probing || this.#held.length < STREAK) return false;
    return this.#check();
  }

  /** At the end of the run: rollouts still held are failures, unless the stack is down. */
  async finish(): Promise<void> {
    if (!this.#down && !this.#probing && this.#held.length > 0) await this.#check();
  }

  async #check(): Promise<boolean> {
    const streak = this.#held;
    const targets = [...new Map(streak.map((r) => [r.target.url, r.target])).values()];
    this.#probing = true;
    const alive = (await Promise.all(targets.map((t) => answers(t, this.#headers)))).some(Boolean);
    this.#probing = false;
    // Something answered while the probe ran, and released this streak already.
    if (this.#held !== streak) return false;
    if (alive) {
      await this.#flush();
      return false;
    }
    this.#down = true;
    return true;
  }

  async #flush(): Promise<void> {
    const held = this.#held;
    this.#held = [];
    if (held.length > 0) await this.#release(held);
  }
}
