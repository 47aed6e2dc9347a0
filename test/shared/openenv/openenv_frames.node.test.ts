// The frame handler on its own (shared/openenv/socket.ts), with a scripted episode server: what
// the stack test cannot reach cheaply (a minute passing, a server failing) and the routes it calls.
import { describe, expect, test } from "vitest";
import { FRAMES_PER_MINUTE, handleFrame, newSocketState } from "../../../shared/openenv/socket.ts";
import type { EpisodeIo } from "../../../shared/openenv/socket.ts";
import type { RpcAnswer, RpcRequest } from "../../../shared/server/rpc.ts";

/** An episode server answering each route with `answers[path]`, recording the calls; a clock set by hand. */
function scripted(answers: Record<string, RpcAnswer>) {
  const calls: RpcRequest[] = [];
  let row: Record<string, unknown> | undefined;
  const clock = { now: 1_000_000 };
  const io: EpisodeIo = {
    call: async (request) => (calls.push(request), answers[request.path] ?? { status: 404, body: { error: { type: "not_found", message: "no route" } } }),
    rows: { get: async () => row, put: async (r) => void (row = r) },
    env: {},
    now: () => clock.now,
  };
  return { io, calls, clock };
}

const resetOk: RpcAnswer = { status: 200, body: { observation: "go", info: {} }, session: "s1" };
const stepOk: RpcAnswer = { status: 200, body: { observation: "next", reward: 0.5, terminated: false, truncated: false, info: {} } };

describe("the routes a socket calls", () => {
  test("reset sends the row without episode_id; step sends it again with the turn, in the reset's session; close frees it", async () => {
    const { io, calls } = scripted({ "/reset": resetOk, "/step": stepOk, "/close": { status: 200, body: { closed: true } } });
    const state = newSocketState();
    await handleFrame(JSON.stringify({ type: "reset", data: { seed: 3, episode_id: "e" } }), state, io);
    await handleFrame(JSON.stringify({ type: "step", data: { message: "hi" } }), state, io);
    expect(await handleFrame('{"type":"close"}', state, io)).toEqual({ close: { code: 1000, reason: "closed by the client" } });
    expect(calls.map((c) => [c.path, c.session])).toEqual([
      ["/reset", undefined],
      ["/step", "s1"],
      ["/close", "s1"],
    ]);
    expect(calls[0]!.body).toMatchObject({ seed: 3 });
    expect(calls[0]!.body).not.toHaveProperty("episode_id");
    expect(calls[1]!.body).toMatchObject({ seed: 3, response: { output: [{ role: "assistant", content: [{ type: "output_text", text: "hi" }] }] } });
  });

  test("an episode a step ended is not closed again (the server released it with that step)", async () => {
    const { io, calls } = scripted({ "/reset": resetOk, "/step": { status: 200, body: { reward: 1, terminated: true } } });
    const state = newSocketState();
    await handleFrame('{"type":"reset"}', state, io);
    const done = await handleFrame('{"type":"step","data":{"message":"x"}}', state, io);
    expect(done.reply).toEqual({ type: "observation", data: { observation: { text: null, info: {}, terminated: true, truncated: false }, reward: 1, done: true } });
    await handleFrame('{"type":"close"}', state, io);
    expect(calls.map((c) => c.path)).toEqual(["/reset", "/step"]);
  });

  test("a server failure is an EXECUTION_ERROR naming its type; a thrown one too, and the socket goes on", async () => {
    const { io } = scripted({ "/reset": { status: 503, body: { error: { type: "session_unavailable", message: "storage down" } } } });
    expect((await handleFrame('{"type":"reset"}', newSocketState(), io)).reply).toEqual({ type: "error", data: { code: "EXECUTION_ERROR", message: "session_unavailable: storage down" } });
    const throwing: EpisodeIo = { ...io, call: async () => Promise.reject(new Error("object gone")) };
    expect((await handleFrame('{"type":"reset"}', newSocketState(), throwing)).reply).toEqual({ type: "error", data: { code: "EXECUTION_ERROR", message: "object gone" } });
  });
});

describe("limits", () => {
  test("the frame budget is per minute: spent, the socket closes; a minute later it is whole again", async () => {
    const { io, clock } = scripted({});
    const state = newSocketState();
    for (let i = 0; i < FRAMES_PER_MINUTE; i++) expect((await handleFrame('{"type":"state"}', state, io)).close).toBeUndefined();
    clock.now += 60_000;
    expect((await handleFrame('{"type":"state"}', state, io)).close).toBeUndefined();
    for (let i = 1; i < FRAMES_PER_MINUTE; i++) await handleFrame('{"type":"state"}', state, io);
    expect((await handleFrame('{"type":"state"}', state, io)).close).toMatchObject({ code: 1008 });
  });

  test("MAX_BODY_BYTES and MAX_JSON_DEPTH are the Worker's, as for HTTP bodies", async () => {
    const { io } = scripted({});
    const small = { ...io, env: { MAX_BODY_BYTES: "50", MAX_JSON_DEPTH: "3" } };
    // 48 characters, 64 bytes: the limit is on bytes.
    expect((await handleFrame(`{"type":"reset","data":{"p":"${"é".repeat(16)}"}}`, newSocketState(), small)).close).toMatchObject({ code: 1009 });
    expect((await handleFrame('{"type":"reset","data":{"a":{"b":{}}}}', newSocketState(), small)).reply).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR", message: expect.stringContaining("3 levels") } });
    expect((await handleFrame('{"type":"reset","data":{"a":{}}}', newSocketState(), small)).reply).toMatchObject({ type: "error", data: { code: "EXECUTION_ERROR" } });
  });

  test("a binary frame is read as UTF-8 text", async () => {
    const { io } = scripted({});
    expect((await handleFrame(new TextEncoder().encode('{"type":"state"}').buffer as ArrayBuffer, newSocketState(), io)).reply).toEqual({ type: "state", data: { episode_id: null, step_count: 0 } });
  });
});
