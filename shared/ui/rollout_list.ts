// The list the viewer reads (GET /ui/api/rollouts): summaries filtered, paged and their facets,
// over whatever a store holds in its order: `edge-gym view` runs it over a file's lines (the head's
// monitor pages in SQL instead). Plain functions, no I/O.
import type { RolloutSummary } from "../rollouts/summary.ts";
import type { RolloutList, RolloutQuery } from "./api.ts";

/** A cursor that names no rollout of the list: the client's mistake, a 400. */
export class UnknownCursor extends Error {}

/** Whether a summary passes every filter the query sets; a reward bound drops the rollouts without one. */
export function matches(summary: RolloutSummary, query: RolloutQuery): boolean {
  if (query.environment !== undefined && summary.environment !== query.environment) return false;
  if (query.agent !== undefined && summary.agent !== query.agent) return false;
  if (query.status !== undefined && summary.status !== query.status) return false;
  if (query.failure_class !== undefined && summary.failure_class !== query.failure_class) return false;
  if (query.task !== undefined && summary.task !== query.task) return false;
  if (query.min_reward !== undefined && (summary.reward === null || summary.reward < query.min_reward)) return false;
  if (query.max_reward !== undefined && (summary.reward === null || summary.reward > query.max_reward)) return false;
  return true;
}

/** Every environment, agent and failure class the summaries name, sorted: the page's menus. */
export function facetsOf(summaries: Iterable<RolloutSummary>): RolloutList["facets"] {
  const environments = new Set<string>();
  const agents = new Set<string>();
  const failureClasses = new Set<string>();
  for (const s of summaries) {
    if (s.environment !== null) environments.add(s.environment);
    agents.add(s.agent);
    if (s.failure_class !== null) failureClasses.add(s.failure_class);
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { environments: sorted(environments), agents: sorted(agents), failure_classes: sorted(failureClasses) };
}

/**
 * One page of the summaries that match, in the order given. The cursor is the id of the previous
 * page's last row, so rows added before it (a live store, newest first) shift no page.
 */
export function listRollouts(summaries: readonly RolloutSummary[], query: RolloutQuery, facets = facetsOf(summaries)): RolloutList {
  let start = 0;
  if (query.cursor !== undefined) {
    start = summaries.findIndex((s) => s.id === query.cursor) + 1;
    if (start === 0) throw new UnknownCursor(`cursor: no rollout "${query.cursor}" here (take it from the previous page's next)`);
  }
  const rollouts: RolloutSummary[] = [];
  let i = start;
  for (; i < summaries.length && rollouts.length < query.limit; i++) {
    if (matches(summaries[i]!, query)) rollouts.push(summaries[i]!);
  }
  // A full page names its last row as the next cursor, unless nothing after it matches.
  let more = false;
  for (; i < summaries.length && !more && rollouts.length === query.limit; i++) more = matches(summaries[i]!, query);
  return { rollouts, next: more ? rollouts.at(-1)!.id : null, facets };
}
