// `npm run bench fuzz`: generated bad requests (support/fuzz_cases.ts) against every route of every
// Worker kind in a local stack (support/fuzz_routes.ts). A bad request must get a 4xx, never a 5xx
// or silence, and the server must still answer afterwards. One JSON line per route and a summary;
// throws, after printing everything, when any 5xx, hang or server that stopped answering is found.
import { bringUp } from "../stack/up.ts";
import { casesFor } from "./support/fuzz_cases.ts";
import type { Case } from "./support/fuzz_cases.ts";
import { AGENTS, ROUTES } from "./support/fuzz_routes.ts";
import type { Route } from "./support/fuzz_routes.ts";
import { send } from "./support/fuzz_send.ts";
import type { Outcome } from "./support/fuzz_send.ts";

const SEED = 20261125;
const DEADLINE_MS = 10_000;
// Stalled bodies wait out the servers' 30 s BODY_READ_TIMEOUT_MS (bringUp takes no bindings to lower it).
const SLOW_DEADLINE_MS = 35_000;
const CONCURRENCY = 6;

interface Tally {
  route: Route;
  cases: number;
  byStatus: Record<string, number>;
  bad: { label: string; status: Outcome["status"]; answer: string }[];
  stillAnswering: boolean;
}

const statusClass = (status: Outcome["status"]) => (typeof status === "number" ? `${Math.floor(status / 100)}xx` : status);

async function healthy(url: string): Promise<boolean> {
  const { status } = await send(url, { label: "health", method: "GET", path: "/", headers: {} }, DEADLINE_MS);
  return status === 200;
}

async function runCases(url: string, cases: Case[], deadlineMs: number, concurrency: number, tally: Tally): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < cases.length) {
      const fuzz = cases[next++]!;
      const outcome = await send(url, fuzz, deadlineMs);
      const status = statusClass(outcome.status);
      tally.cases++;
      tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
      if (status === "5xx" || status === "hang") tally.bad.push({ label: fuzz.label, status: outcome.status, answer: outcome.answer.slice(0, 200) });
    }
  }));
}

export async function run(): Promise<void> {
  const running = await bringUp({ headPort: 0, only: AGENTS });
  const urlOf = (worker: string) => (worker === "head" ? running.stack.headUrl : running.stack.urls.get(worker)) ?? missing(worker);
  const tallies: Tally[] = [];
  const slow: { tally: Tally; cases: Case[] }[] = [];
  try {
    const streamed = new Set<string>();
    for (const [i, route] of ROUTES.entries()) {
      // One body streamed past MAX_BODY_BYTES per Worker: 32 MiB a time keeps the total bounded.
      const streamOver = route.method === "POST" && !streamed.has(route.worker);
      if (streamOver) streamed.add(route.worker);
      const cases = casesFor(route, SEED + i, streamOver);
      const tally: Tally = { route, cases: 0, byStatus: {}, bad: [], stillAnswering: true };
      tallies.push(tally);
      await runCases(urlOf(route.worker), cases.filter((c) => !c.slow), DEADLINE_MS, CONCURRENCY, tally);
      tally.stillAnswering = await healthy(urlOf(route.worker));
      slow.push({ tally, cases: cases.filter((c) => c.slow) });
    }
    // The stalled bodies of every route at once: they idle on the server's deadline, not the CPU.
    await Promise.all(slow.map(({ tally, cases }) => runCases(urlOf(tally.route.worker), cases, SLOW_DEADLINE_MS, cases.length, tally)));
    for (const tally of tallies) tally.stillAnswering &&= await healthy(urlOf(tally.route.worker));
  } finally {
    await running.stop();
  }
  report(tallies);
}

function missing(worker: string): never {
  throw new Error(`fuzz: no Worker ${worker} in the stack`);
}

function report(tallies: Tally[]): void {
  const count = (t: Tally, status: string) => t.bad.filter((b) => statusClass(b.status) === status).length;
  for (const t of tallies) {
    console.log(JSON.stringify({ section: "fuzz", worker: t.route.worker, route: `${t.route.method} ${t.route.path}`, cases: t.cases, by_status: t.byStatus, five_xx: count(t, "5xx"), hangs: count(t, "hang"), still_answering: t.stillAnswering }));
  }
  for (const t of tallies) for (const b of t.bad) console.log(JSON.stringify({ section: "fuzz", finding: true, worker: t.route.worker, route: `${t.route.method} ${t.route.path}`, case: b.label, status: b.status, answer: b.answer }));
  const five_xx = tallies.reduce((n, t) => n + count(t, "5xx"), 0);
  const hangs = tallies.reduce((n, t) => n + count(t, "hang"), 0);
  const stopped = tallies.filter((t) => !t.stillAnswering).map((t) => `${t.route.worker} ${t.route.path}`);
  console.log(JSON.stringify({ section: "fuzz", summary: true, routes: tallies.length, cases: tallies.reduce((n, t) => n + t.cases, 0), five_xx, hangs, stopped_answering: stopped }));
  if (five_xx || hangs || stopped.length) throw new Error(`${five_xx} 5xx, ${hangs} hangs, ${stopped.length} routes after which the server stopped answering`);
}
