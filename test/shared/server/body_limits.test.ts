// Bodies where they enter a server (shared/server/body_read.ts, body.ts): a body too deep, with
// ill-formed text, that the connection fails to deliver or that stalls is a clean 4xx, and no
// handler gets it.
import { describe, expect, test } from "vitest";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readJson } from "../../../shared/server/body.ts";

let accepted = 0;
const app = createServerApp<BaseBindings>();
app.post("/echo", async (c) => {
  const echoed = await readJson(c);
  accepted++;
  return c.json({ echoed });
});

const APP_ENV: BaseBindings = { INSTANCE_NAME: "server" };

async function post(body: BodyInit, appEnv: BaseBindings = APP_ENV, headers: Record<string, string> = {}) {
  const res = await app.fetch(new Request("http://server/echo", { method: "POST", headers: { "content-type": "application/json", ...headers }, body }), appEnv);
  return { status: res.status, body: (await res.json()) as { echoed?: unknown; error?: { type: string; message: string; issues?: { path: string }[] } } };
}

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

/** A body stream that yields `first` and then whatever `rest` does. */
function stream(first: string, rest: (controller: ReadableStreamDefaultController<Uint8Array>) => void) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      rest(controller);
    },
  });
}

describe("JSON nesting depth", () => {
  test("a 10,000-level body is a 400 naming the limit, and no handler gets it", async () => {
    const before = accepted;
    const res = await post(`{"response":{"metadata":${nested(10_000)}}}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ type: "invalid_request", message: "request body nests deeper than 128 levels (MAX_JSON_DEPTH)" });
    expect(accepted).toBe(before);
  });

  test("128 levels pass by default; MAX_JSON_DEPTH moves the limit", async () => {
    expect((await post(nested(128))).status).toBe(200);
    expect((await post(nested(129))).status).toBe(400);
    const lowered = await post('{"a":{"b":{}}}', { ...APP_ENV, MAX_JSON_DEPTH: "2" });
    expect(lowered.status).toBe(400);
    expect(lowered.body.error!.message).toContain("deeper than 2 levels");
    expect((await post(nested(300), { ...APP_ENV, MAX_JSON_DEPTH: "300" })).status).toBe(200);
  });

  test("a MAX_JSON_DEPTH that does not parse fails closed", async () => {
    const res = await post("{}", { ...APP_ENV, MAX_JSON_DEPTH: "deep" });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ type: "misconfigured", message: expect.stringContaining("MAX_JSON_DEPTH") });
  });
});

describe("well-formed text", () => {
  test("a lone surrogate escape is a 400 at its field path, in a value or in a key", async () => {
    const before = accepted;
    const inValue = await post('{"responses_create_params":{"input":[{"role":"user","content":"hi \\ud800"}]}}');
    expect(inValue.status).toBe(400);
    expect(inValue.body.error!.issues!.map((i) => i.path)).toEqual(["responses_create_params.input[0].content"]);
    const inKey = await post('{"metadata":{"\\udc00x":"v"}}');
    expect(inKey.status).toBe(400);
    expect(inKey.body.error!.issues!.map((i) => i.path)).toEqual(["metadata.\ufffdx"]);
    expect(accepted).toBe(before);
  });

  test("escaped surrogate pairs and raw astral characters are text like any other", async () => {
    const res = await post('{"text":"\\ud83d\\ude00 😀"}');
    expect(res.status).toBe(200);
    expect(res.body.echoed).toEqual({ text: "😀 😀" });
  });
});

describe("reading the body", () => {
  test("a body the connection fails to deliver is a 400 saying so, not a 500", async () => {
    const res = await post(stream('{"text":', (controller) => controller.error(new Error("Network connection lost."))));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ type: "invalid_request", message: "request body could not be read: Network connection lost." });
  });

  test("a body that stalls is a 408 once BODY_READ_TIMEOUT_MS has passed", async () => {
    const res = await post(stream('{"text":', () => {}), { ...APP_ENV, BODY_READ_TIMEOUT_MS: "50" });
    expect(res.status).toBe(408);
    expect(res.body.error).toEqual({ type: "request_timeout", message: "request body was not received within 50 ms" });
  });

  test("a declared Content-Length over MAX_BODY_BYTES is a 413 before a byte is read", async () => {
    // The stream never ends: only refusing on the header answers at all.
    const res = await post(stream("{", () => {}), { ...APP_ENV, MAX_BODY_BYTES: "100" }, { "content-length": "101" });
    expect(res.status).toBe(413);
    expect(res.body.error!.type).toBe("body_too_large");
  });

  test("a body read in full reaches the handler as it was sent, however it was chunked", async () => {
    const res = await post(stream('{"te', (controller) => {
      controller.enqueue(new TextEncoder().encode('xt":"é"}'));
      controller.close();
    }));
    expect(res).toEqual({ status: 200, body: { echoed: { text: "é" } } });
  });
});
