// Bad HTTP framing sent as raw bytes over TCP to a Worker on the server base (echo_worker.ts) in
// real workerd: each gets a 4xx (from our code, or from workerd before the Worker runs), never a
// 5xx or a hang, and the server answers a good request afterwards.
import { connect } from "node:net";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleWorkers } from "../../../scripts/plan/build.ts";
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from "../../../scripts/plan/runtime.ts";

const BODY_READ_TIMEOUT_MS = 300;
let mf: Miniflare;
let url: URL;

beforeAll(async () => {
  const entry = "test/shared/server/echo_worker.ts";
  const bundle = (await bundleWorkers([entry])).get(entry)!;
  mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      workers: [
        {
          name: "echo",
          modules: true,
          scriptPath: bundle,
          compatibilityDate: COMPATIBILITY_DATE,
          compatibilityFlags: COMPATIBILITY_FLAGS,
          bindings: { BODY_READ_TIMEOUT_MS: String(BODY_READ_TIMEOUT_MS) },
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
        },
      ],
    }),
  );
  await mf.ready;
  url = await mf.unsafeGetDirectURL("echo");
});
afterAll(async () => {
  await mf?.dispose();
});

interface RawAnswer {
  status: number;
  body: string;
}

/** Sends `head` (request line and headers, without the blank line) and `body` as they are; resolves when the server closes the connection. */
function raw(head: string, body = ""): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = "";
    socket.on("data", (data) => (received += data));
    socket.on("error", reject);
    socket.on("close", () => {
      const match = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (!match) return reject(new Error(`no HTTP answer: ${JSON.stringify(received)}`));
      resolve({ status: Number(match[1]), body: received.slice(received.indexOf("\r\n\r\n") + 4) });
    });
    // The request's body is left open, as a slow or broken client leaves it; the server ends the exchange.
    socket.write(`${head}\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n${body}`);
  });
}

const chunked = (body: string) => raw("POST /echo HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked", body);
const errorOf = (answer: RawAnswer) => (JSON.parse(answer.body) as { error: { type: string; message: string } }).error;

async function expectStillAnswers(): Promise<void> {
  const res = await fetch(new URL("/echo", url), { method: "POST", body: '{"ok":true}' });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ echoed: { ok: true } });
}

describe("raw HTTP to a Worker on the server base", () => {
  test.each([
    ["not hex", "zz\r\nabc\r\n0\r\n\r\n"],
    ["negative", "-5\r\nabcde\r\n0\r\n\r\n"],
  ])("a chunk size that is %s is a 400 saying the body could not be read", async (_, body) => {
    const answer = await chunked(body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ type: "invalid_request", message: expect.stringMatching(/^request body could not be read: /) });
    await expectStillAnswers();
  });

  test("a huge chunk size followed by silence is a 408 at the body-read deadline", async () => {
    const answer = await chunked("ffffffffffffffff\r\nabc");
    expect(answer.status).toBe(408);
    expect(errorOf(answer)).toEqual({ type: "request_timeout", message: `request body was not received within ${BODY_READ_TIMEOUT_MS} ms` });
    await expectStillAnswers();
  });

  test("a body shorter than its Content-Length is a 408 too", async () => {
    const answer = await raw("POST /echo HTTP/1.1\r\nContent-Length: 50", '{"a":');
    expect(answer.status).toBe(408);
    await expectStillAnswers();
  });

  test("a Content-Length that is no number is refused by workerd itself with a 400, before the Worker runs", async () => {
    const answer = await raw("POST /echo HTTP/1.1\r\nContent-Length: abc", "{}");
    expect(answer.status).toBe(400);
    expect(answer.body).toBe("invalid content-length parsed");
    await expectStillAnswers();
  });

  test("a GET or HEAD with a body is answered as without one", async () => {
    for (const head of ["GET / HTTP/1.1\r\nContent-Length: 5", "GET / HTTP/1.1\r\nTransfer-Encoding: chunked"]) {
      const answer = await raw(head, head.includes("chunked") ? "5\r\nhello\r\n0\r\n\r\n" : "hello");
      expect(answer, head).toEqual({ status: 200, body: '{"status":"ok"}' });
    }
    expect((await raw("HEAD / HTTP/1.1\r\nContent-Length: 5", "hello")).status).toBe(200);
    await expectStillAnswers();
  });

  test("a 10,000-level body sent chunked is a 400 naming the limit", async () => {
    const deep = `{"metadata":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    const answer = await chunked(`${deep.length.toString(16)}\r\n${deep}\r\n0\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toBe("request body nests deeper than 128 levels (MAX_JSON_DEPTH)");
    await expectStillAnswers();
  });
});
