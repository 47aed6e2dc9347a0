// Bench section: a stateful tool world (workplace_assistant) on loopback. Its Worker alone in
// workerd (Miniflare, as the local stack runs it), each session its own SessionDO with the world
// in SQLite. Measures /seed_session, tool calls (a fixed mix of searches, reads and writes, over
// one session per client) at concurrency 1, 16 and 64, and /verify (two replays on fresh worlds);
// then the bytes a session's SQLite holds seeded, after its writes, and after /close_session,
// beside an object that never held anything (released means back to that).
import { randomBytes } from "node:crypto";
import { Client, rate, round, startAlone, timed } from "./support/alone.ts";

const SERVER = "workplace_assistant";
const CALLS_PER_LEVEL = 2_000;
const SEEDS = 64;
const VERIFIES = 64;

// One client's calls, in turn: what a model does in a rollout, reads first.
const MIX: [string, Record<string, unknown>][] = [
  ["company_directory_find_email_address", { name: "felix" }],
  ["email_search_emails", { query: "task update", page_size: 5 }],
  ["calendar_search_events", { time_min: "2023-12-11 00:00:00", time_max: "2023-12-11 23:59:59" }],
  ["customer_relationship_manager_search_customers", { status: "Lead", page_size: 10 }],
  ["analytics_total_visits_count", { time_min: "2023-11-01", time_max: "2023-11-15" }],
  ["email_send_email", { recipient: "noah.kim@kestrel.io", subject: "Bench", body: "One more." }],
  ["customer_relationship_manager_update_customer", { customer_id: "00000002", field: "notes", new_value: "Called back." }],
  ["project_management_search_tasks", { board: "Design" }],
];
const GROUND_TRUTH = [{ name: "email_reply_email", arguments: JSON.stringify({ email_id: "00000073", body: "Thanks" }) }];

export async function run(): Promise<void> {
  const { mf, url } = await startAlone(SERVER);
  try {
    const sessions = await mf.getDurableObjectNamespace("SESSIONS", SERVER);
    // SessionDO.databaseSize, through Miniflare's proxy of the object.
    const bytes = (id: string) => (sessions.get(sessions.idFromName(id)) as unknown as { databaseSize(): Promise<number> }).databaseSize();

    await new Client(url).seed(); // warm-up: the bundled world is built once per isolate
    const seeds = await timed(SEEDS, 16, () => new Client(url).seed());
    console.log(JSON.stringify({ section: "stateful_world", server: SERVER, route: "seed_session", concurrency: 16, n: SEEDS, ...rate(seeds) }));

    for (const concurrency of [1, 16, 64]) {
      const clients = Array.from({ length: concurrency }, () => new Client(url));
      await Promise.all(clients.map((c) => c.seed()));
      const calls = await timed(CALLS_PER_LEVEL, concurrency, (worker, i) => {
        const [tool, args] = MIX[i % MIX.length]!;
        return clients[worker]!.post(`/${tool}`, args);
      });
      console.log(JSON.stringify({ section: "stateful_world", server: SERVER, route: "tool calls", concurrency, sessions: concurrency, n: CALLS_PER_LEVEL, writes_share: round(2 / MIX.length, 2), ...rate(calls) }));
    }

    const verifies = await timed(VERIFIES, 16, async () => {
      const client = new Client(url);
      await client.seed();
      const output = GROUND_TRUTH.map((c, i) => ({ type: "function_call", call_id: `c${i}`, ...c }));
      const verdict = await client.post("/verify", { responses_create_params: { input: "bench" }, ground_truth: GROUND_TRUTH, response: { id: "r", output } });
      if (verdict.reward !== 1) throw new Error(`verify scored the expected calls ${verdict.reward}`);
    });
    console.log(JSON.stringify({ section: "stateful_world", server: SERVER, route: "seed_session + verify", concurrency: 16, n: VERIFIES, ...rate(verifies) }));

    const client = new Client(url);
    await client.seed();
    const seeded = await bytes(client.sessionId);
    for (let i = 0; i < 100; i++) await client.post("/email_send_email", { recipient: "noah.kim@kestrel.io", subject: `Note ${i}`, body: "A line of text for the bench." });
    const afterWrites = await bytes(client.sessionId);
    await client.post("/close_session", {});
    const released = await bytes(client.sessionId);
    const empty = await bytes(randomBytes(16).toString("hex"));
    console.log(JSON.stringify({ section: "stateful_world", server: SERVER, storage_bytes: { seeded, after_100_sent_emails: afterWrites, after_close_session: released, never_used_object: empty }, released: released === empty }));
  } finally {
    await mf.dispose();
  }
}
