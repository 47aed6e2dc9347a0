// What one hostile-model attack of `npm run bench attack` is: a surface (sql, sandbox, sessions,
// cohorts, numbers, auth, ...), the instances its stack must run, and a bounded run against that
// loopback stack that counts what it got. The runner (../attack.ts) starts one stack for all attacks,
// runs them one at a time while a bystander measures how much slower everyone else's requests get,
// and fails when any attack changed a reward, dropped a sample or slowed a bystander past 100 ms.
import type { RunningStack } from "../../stack/up.ts";

export interface AttackContext {
  running: RunningStack;
  /** The URL of a Worker of the stack by instance name (resources servers, agents, gateways), or of the head. */
  url(worker: string): string;
  /** The local sandbox's URL (`sandbox://local`), when the stack runs one. */
  sandboxUrl?: string;
  /** The bearer token the stack was started with (`--auth-token`): what a legitimate trainer holds. */
  token: string;
  /** Every token the stack accepts, by caller name: `bench` (= token) and `rival`, a second tenant. */
  tokens: Record<string, string>;
  /** Headers a legitimate trainer sends (its bearer token, JSON). */
  headers: Record<string, string>;
}

export interface AttackResult {
  /** Tries made (each a request, a rollout or a query the attack sent). */
  attempts: number;
  /** Rewards that differ from the verifier's verdict on the answer itself (a changed or forged score). */
  rewards_changed: number;
  /** Rollouts or samples the attacker turned into a failure, a drop or a hang (removed from training). */
  samples_dropped: number;
  /** What else the attack observed, for the printed line (figures, not prose). */
  detail?: Record<string, unknown>;
}

export interface Attack {
  surface: string;
  name: string;
  /** Instances (with what they reference) the stack must run for this attack. */
  needs: string[];
  /** Config files (paths from the repository root) defining instances of `needs` beyond the bundled ones; loaded after them. */
  configs?: string[];
  /** Bounded in requests and time; loopback only. */
  run(context: AttackContext): Promise<AttackResult>;
}
