// An episode server's SessionDO as OpenEnv's socket (durable_objects/session_do.ts): the socket is
// closed once idle a whole session TTL, by the object's alarm, and every frame moves that alarm on.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { DEFAULT_SESSION_TTL_S } from "../../shared/session/session.ts";

const alarmOf = (stub: DurableObjectStub) => runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());

async function open() {
  const stub = env.EPISODE_SESSIONS.get(env.EPISODE_SESSIONS.newUniqueId());
  const res = await stub.fetch("http://episode/ws", { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: unknown[] = [];
  // Resolved by the frame itself, not by polling: no timer is involved (see the second test).
  let framed = () => {};
  const frame = new Promise<void>((resolve) => (framed = resolve));
  ws.addEventListener("message", (event) => {
    frames.push(JSON.parse(String(event.data)));
    framed();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })));
  return { stub, ws, frames, frame, closed };
}

test("a socket left idle a whole session TTL is closed by the object's alarm (1000), and the object keeps nothing", async () => {
  const before = Date.now();
  const { stub, closed } = await open();
  const alarm = await alarmOf(stub);
  expect(alarm).toBeGreaterThanOrEqual(before + DEFAULT_SESSION_TTL_S * 1000);
  expect(alarm).toBeLessThanOrEqual(Date.now() + DEFAULT_SESSION_TTL_S * 1000);
  expect(await runDurableObjectAlarm(stub)).toBe(true);
  expect(await closed).toEqual({ code: 1000, reason: "idle past the session TTL" });
  expect(await alarmOf(stub)).toBeNull();
  expect(await runInDurableObject(stub, (_instance, state) => state.getWebSockets().length)).toBe(0);
});

test("every frame, even one refused, moves the idle alarm a whole TTL on", async () => {
  const { stub, ws, frames, frame } = await open();
  const first = (await alarmOf(stub))!;
  // Time moves on, through I/O only: this test hung in full workers runs (2 of 3) while waiting on a
  // timer (a 20 ms sleep, expect.poll), which other files of the shared runtime fake for a while.
  const opened = Date.now();
  while (Date.now() <= opened) await alarmOf(stub);
  ws.send("not json");
  await frame;
  expect(frames).toHaveLength(1);
  expect(frames[0]).toMatchObject({ type: "error" });
  const moved = (await alarmOf(stub))!;
  expect(moved).toBeGreaterThan(first);
  // The alarm's close is the first test's subject: here the client lets the socket go, unawaited.
  ws.close(1000, "done");
});
