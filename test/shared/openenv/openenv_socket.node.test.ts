// OpenEnv's WebSocket protocol on a local stack's episode servers (GET /ws; shared/openenv/),
// spoken frame by frame as OpenEnv's EnvClient speaks it: whole episodes of blackjack and
// grl_sokoban, the same outcome as the HTTP routes give, and bad input, floods and oversized
// messages answered as OpenEnv's server answers them. scripts/openenv/play.py runs OpenEnv's own
// client against the same endpoint (docs/openenv.md).
import { get as httpGet } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const MAX_BODY_BYTES = 4000;
let running: RunningStack;
beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: ["blackjack_gymnasium_agent", "grl_sokoban"], overrides: [`++grl_sokoban.resources_servers.grl_sokoban.max_body_bytes=${MAX_BODY_BYTES}`] });
});
afterAll(async () => {
  await running?.stop();
});

type Frame = { type: string; data: Record<string, any> };

/** One socket: `ask` sends a frame and resolves with the next one received; `closed` with the close's code and reason. */
async function connect(instance: string) {
  const ws = new WebSocket(`${running.stack.urls.get(instance)!.replace(/^http/, "ws")}/ws`);
  return speak(ws);
}

async function speak(ws: WebSocket) {
  const inbox: Frame[] = [];
  const waiting: ((frame: Frame) => void)[] = [];
  ws.onmessage = (event) => {
    const frame = JSON.parse(String(event.data)) as Frame;
    const next = waiting.shift();
    if (next) next(frame);
    else inbox.push(frame);
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (ws.onclose = (event) => resolve({ code: event.code, reason: event.reason })));
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  const ask = (frame: unknown): Promise<Frame> => {
    ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    return new Promise((resolve) => (inbox.length > 0 ? resolve(inbox.shift()!) : waiting.push(resolve)));
  };
  return { ws, ask, closed };
}

const say = (text: string) => ({ type: "step", data: { message: text } });

/** The same hand over HTTP (/reset, then /step with the session cookie), for comparison. */
async function overHttp(row: Record<string, unknown>, texts: string[]) {
  const base = running.stack.urls.get("blackjack")!;
  const reset = await fetch(`${base}/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(row) });
  const cookie = reset.headers.get("set-cookie")!.split(";")[0]!;
  const first = (await reset.json()) as Record<string, unknown>;
  const steps = [];
  for (const text of texts) {
    const response = { id: "r", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] };
    const res = await fetch(`${base}/step`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ ...row, response }) });
    steps.push((await res.json()) as Record<string, unknown>);
  }
  return { first, steps };
}

describe("whole episodes over OpenEnv's frames", () => {
  test("through the episode's public agent (deployed, the episode server is internal): the agent hands the socket on", async () => {
    const { ask, ws, closed } = await connect("blackjack_gymnasium_agent");
    const first = await ask({ type: "reset", data: { seed: 2, episode_id: "via-agent" } });
    expect(first).toMatchObject({ type: "observation", data: { done: false, observation: { text: expect.stringContaining("Your hand") } } });
    const frame = await ask(say("<action>stand</action>"));
    expect(frame).toMatchObject({ type: "observation", data: { done: true } });
    expect([1, 0, -1]).toContain(frame.data.reward);
    expect(await ask({ type: "state" })).toEqual({ type: "state", data: { episode_id: "via-agent", step_count: 1 } });
    ws.send(JSON.stringify({ type: "close" }));
    expect(await closed).toEqual({ code: 1000, reason: "closed by the client" });
  });

  test("blackjack: reset, hits and a stand until done, state counting the steps; the same hand as over HTTP", async () => {
    const { ask, ws, closed } = await connect("blackjack");
    const first = await ask({ type: "reset", data: { seed: 2, episode_id: "hand-1" } });
    expect(first).toMatchObject({ type: "observation", data: { reward: null, done: false, observation: { text: expect.stringContaining("Your hand") } } });
    const texts: string[] = [];
    let frame = first;
    while (!frame.data.done) {
      const total = Number(/= (\d+)/.exec(frame.data.observation.text)![1]);
      texts.push(total < 17 ? "<action>hit</action>" : "<action>stand</action>");
      frame = await ask(say(texts.at(-1)!));
      expect(frame.type).toBe("observation");
    }
    expect(texts.length).toBeGreaterThan(1);
    expect([1, 0, -1]).toContain(frame.data.reward);
    expect(frame.data.observation.terminated).toBe(true);
    expect(await ask({ type: "state" })).toEqual({ type: "state", data: { episode_id: "hand-1", step_count: texts.length } });

    const http = await overHttp({ seed: 2 }, texts);
    expect(first.data.observation.text).toBe(http.first.observation);
    expect(frame.data.reward).toBe(http.steps.at(-1)!.reward);
    expect(frame.data.observation.info).toEqual(http.steps.at(-1)!.info);

    // The episode is over: a step needs a new reset, which the same socket may send.
    expect(await ask(say("<action>hit</action>"))).toMatchObject({ type: "error", data: { code: "EXECUTION_ERROR", message: expect.stringContaining("reset") } });
    expect(await ask({ type: "reset", data: { seed: 5 } })).toMatchObject({ type: "observation", data: { done: false } });
    ws.send(JSON.stringify({ type: "close" }));
    expect(await closed).toEqual({ code: 1000, reason: "closed by the client" });
  });

  test("grl_sokoban: moves sent at once, played in order until truncated at max_steps", async () => {
    const { ask, ws } = await connect("grl_sokoban");
    const first = await ask({ type: "reset", data: { seed: 9, max_steps: 3 } });
    expect(first.data.observation.text).toContain("Sokoban board");
    // Sent at once, answered one at a time in order (as OpenEnv's server answers), none lost.
    const frames = await Promise.all(["Up", "Left", "Down"].map((move) => ask(say(`<action>${move}</action>`))));
    expect(frames.map((f) => f.data.done)).toEqual([false, false, true]);
    expect(frames[2]!.data.observation.truncated).toBe(true);
    for (const f of frames) expect(typeof f.data.reward).toBe("number");
    expect((await ask({ type: "state" })).data.step_count).toBe(3);
    ws.close();
  });
});

describe("bad input, as OpenEnv's server answers it", () => {
  test("each refusal is an error frame with OpenEnv's code, naming the field; the socket stays usable", async () => {
    const { ask, ws } = await connect("grl_sokoban");
    expect(await ask("{not json")).toMatchObject({ type: "error", data: { code: "INVALID_JSON" } });
    expect(await ask({ type: "jump" })).toEqual({ type: "error", data: { code: "UNKNOWN_TYPE", message: "Unknown message type: jump" } });
    expect(await ask({ type: "state", extra: 1 })).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR", errors: [{ loc: ["extra"], msg: "unknown field" }] } });
    expect(await ask({ type: "reset", data: { dim_room: [2, 40] } })).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR", errors: expect.arrayContaining([expect.objectContaining({ loc: ["data", "dim_room", 0] })]) } });
    expect(await ask('{"type":"reset","data":{"episode_id":"\\ud800"}}')).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR", errors: [{ loc: ["data", "episode_id"] }] } });
    expect(await ask(say("<action>Up</action>"))).toMatchObject({ type: "error", data: { code: "EXECUTION_ERROR" } });
    expect(await ask({ type: "reset", data: { seed: 9 } })).toMatchObject({ type: "observation" });
    // A turn naming no move: the server's 400 invalid_action, as a validation error of the action.
    expect(await ask(say("I would rather not"))).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR" } });
    expect(await ask({ type: "step", data: { text: "Up" } })).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR" } });
    expect(await ask(say("<action>Up</action>"))).toMatchObject({ type: "observation", data: { done: false } });
    expect(await ask({ type: "mcp", data: { jsonrpc: "2.0", id: 7, method: "tools/list" } })).toEqual({ type: "mcp", data: { jsonrpc: "2.0", id: 7, result: { tools: [] } } });
    ws.close();
  });

  test("a message over max_body_bytes closes the socket with 1009", async () => {
    const { ws, closed } = await connect("grl_sokoban");
    ws.send(JSON.stringify({ type: "reset", data: { padding: "x".repeat(MAX_BODY_BYTES) } }));
    expect(await closed).toMatchObject({ code: 1009, reason: expect.stringContaining("MAX_BODY_BYTES") });
  });

  test("a flood closes the socket with 1008 after 600 messages in a minute", async () => {
    const { ws, closed } = await connect("blackjack");
    for (let i = 0; i <= 600; i++) ws.send('{"type":"state"}');
    expect(await closed).toMatchObject({ code: 1008, reason: expect.stringContaining("600") });
  });

  test("a plain GET of /ws is told to upgrade", async () => {
    const res = await fetch(`${running.stack.urls.get("blackjack")}/ws`);
    expect(res.status).toBe(426);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("upgrade_required");
  });
});

describe("with --auth-token", () => {
  const TOKEN = "openenv-test-token-0123456789";
  let authed: RunningStack;
  beforeAll(async () => {
    authed = await bringUp({ headPort: 0, only: ["blackjack"], authTokens: `trainer:${TOKEN}` });
  });
  afterAll(async () => {
    await authed?.stop();
  });

  // fetch refuses an Upgrade header: the handshake by hand, resolving with its status.
  const upgrade = (headers: Record<string, string>) =>
    new Promise<{ status: number }>((resolve, reject) => {
      const handshake = { upgrade: "websocket", connection: "Upgrade", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" };
      const req = httpGet(`${authed.stack.urls.get("blackjack")}/ws`, { headers: { ...handshake, ...headers } });
      req.on("response", (res) => (res.resume(), resolve({ status: res.statusCode! })));
      req.on("upgrade", (res, socket) => (socket.destroy(), resolve({ status: res.statusCode! })));
      req.on("error", reject);
    });

  test("the upgrade needs the bearer token, as every route does", async () => {
    expect((await upgrade({})).status).toBe(401);
    expect((await upgrade({ authorization: "Bearer wrong-token-0123456789" })).status).toBe(401);
  });

  test("with it, the socket plays", async () => {
    const ws = new WebSocket(`${authed.stack.urls.get("blackjack")!.replace(/^http/, "ws")}/ws`, { headers: { authorization: `Bearer ${TOKEN}` } } as never);
    const frame = await new Promise<Frame>((resolve, reject) => {
      ws.onopen = () => ws.send(JSON.stringify({ type: "reset", data: { seed: 1 } }));
      ws.onmessage = (event) => resolve(JSON.parse(String(event.data)));
      ws.onerror = reject;
    });
    expect(frame).toMatchObject({ type: "observation", data: { done: false } });
    ws.close();
  });
});
