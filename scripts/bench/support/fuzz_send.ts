// Sends one fuzz case to a loopback server within a deadline and says how it ended: a status,
// "closed" (the server dropped the connection without answering: how workerd refuses some
// malformed framing) or "hang" (nothing by the deadline). Each case on its own connection, so a
// broken one cannot poison the next.
import { request } from "node:http";
import { connect } from "node:net";
import type { Case } from "./fuzz_cases.ts";

export type Outcome = { status: number | "closed" | "hang"; answer: string };

const SNIPPET = 200;
const CHUNK = Buffer.alloc(1024 * 1024, "a");

export function send(url: string, fuzz: Case, deadlineMs: number): Promise<Outcome> {
  return fuzz.raw ? sendRaw(url, fuzz.raw, deadlineMs) : sendHttp(url, fuzz, deadlineMs);
}

function sendHttp(url: string, fuzz: Case, deadlineMs: number): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const headers = { ...fuzz.headers, ...(fuzz.body ? { "content-length": String(fuzz.body.length) } : {}) };
    const req = request({ host: hostname, port, method: fuzz.method, path: fuzz.path, headers, agent: false }, (res) => {
      let answer = "";
      res.on("data", (chunk: Buffer) => {
        answer += chunk.toString("utf8");
        if (answer.length >= SNIPPET) finish({ status: res.statusCode!, answer: answer.slice(0, SNIPPET) });
      });
      res.on("end", () => finish({ status: res.statusCode!, answer }));
      res.on("error", () => finish({ status: res.statusCode!, answer }));
    });
    const timer = setTimeout(() => finish({ status: "hang", answer: "" }), deadlineMs);
    req.on("error", (err) => finish({ status: "closed", answer: err.message }));
    if (fuzz.streamBytes !== undefined) void stream(req, fuzz.streamBytes, () => done);
    else req.end(fuzz.body);
  });
}

// Writes `bytes` in 1 MiB chunks, minding backpressure, and stops once the server has answered.
async function stream(req: ReturnType<typeof request>, bytes: number, answered: () => boolean): Promise<void> {
  for (let left = bytes; left > 0 && !answered(); left -= CHUNK.length) {
    const ok = req.write(left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left));
    if (!ok) await drained(req);
  }
  if (!answered()) req.end();
}

// Resolves on drain or close, removing both listeners: one per chunk would pile up otherwise.
function drained(req: ReturnType<typeof request>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off("drain", done).off("close", done);
      resolve();
    };
    req.on("drain", done).on("close", done);
  });
}

function sendRaw(url: string, bytes: Buffer, deadlineMs: number): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let received = "";
    let done = false;
    const socket = connect({ host: hostname, port: Number(port) });
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const answered = () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      const body = received.indexOf("\r\n\r\n");
      return status && body >= 0 ? { status: Number(status[1]), answer: received.slice(body + 4, body + 4 + SNIPPET) } : undefined;
    };
    const timer = setTimeout(() => finish(answered() ?? { status: "hang", answer: received.slice(0, SNIPPET) }), deadlineMs);
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const outcome = answered();
      // Enough of the answer to quote; a status alone is enough when the body is short.
      if (outcome && (outcome.answer.length >= SNIPPET || /content-length: (\d+)/i.exec(received)?.[1] === String(outcome.answer.length))) finish(outcome);
    });
    socket.on("end", () => finish(answered() ?? { status: "closed", answer: received.slice(0, SNIPPET) }));
    socket.on("error", (err) => finish(answered() ?? { status: "closed", answer: err.message }));
  });
}
