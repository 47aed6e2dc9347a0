// The collector's keep-alive HTTP client (undici's request) under call(): the same answers and
// the same failure rules as with fetch (a refused connection is unprocessed and tried again, a
// deadline is a 504, a body cut short a 502), over sockets that are reused from call to call.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, isUnprocessed, jsonOf } from "../../../shared/client/call.ts";
import { nodeTransport } from "../../../scripts/collect/http_transport.ts";

const sockets = new Set<unknown>();
const server = createServer((req, res) => {
  sockets.add(req.socket);
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    if (req.url === "/hang") return;
    if (req.url === "/cut") {
      res.writeHead(200, { "content-length": "100" });
      res.write('{"partial":');
      setTimeout(() => res.destroy(), 50);
      return;
    }
    res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
    res.setHeader("retry-after", "7");
    res.end(JSON.stringify({ method: req.method, url: req.url, body, type: req.headers["content-type"], auth: req.headers.authorization ?? null }));
  });
});
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const target = () => ({ name: "agent", url, transport: nodeTransport });

describe("the collector's HTTP transport", () => {
  test("a call goes out with its body, headers and method; the answer's status, text and headers come back; sockets are reused", async () => {
    sockets.clear();
    for (let i = 0; i < 20; i++) {
      const result = await call(target(), "/run", { body: { i }, headers: { authorization: "Bearer t" }, deadlineMs: 5000 });
      expect(result.status).toBe(200);
      expect(jsonOf(result, "agent/run")).toEqual({ method: "POST", url: "/run", body: JSON.stringify({ i }), type: "application/json", auth: "Bearer t" });
      expect(result.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
      expect(result.headers.get("retry-after")).toBe("7");
    }
    // Twenty calls one after another over at most two connections (undici may open a second while
    // the first is handed back): kept alive and reused, not one per call.
    expect(sockets.size).toBeLessThanOrEqual(2);
    const get = await call(target(), "/", { method: "GET", deadlineMs: 5000 });
    expect(jsonOf(get, "agent/")).toMatchObject({ method: "GET", body: "" });
  });

  test("no answer within the deadline is a 504; a body cut short is a 502; neither is tried again", async () => {
    await expect(call(target(), "/hang", { body: {}, deadlineMs: 100 })).rejects.toMatchObject({ status: 504, type: "deadline_exceeded" });
    await expect(call(target(), "/cut", { body: {}, deadlineMs: 5000 })).rejects.toMatchObject({ status: 502, message: expect.stringContaining("response body failed") });
  });

  test("a refused connection cannot have run: tried again within the attempts, then unprocessed", async () => {
    const closed = createServer();
    const port = await new Promise<number>((resolve) => closed.listen(0, "127.0.0.1", () => resolve((closed.address() as AddressInfo).port)));
    await new Promise((resolve) => closed.close(resolve));
    const failure = await call({ name: "agent", url: `http://127.0.0.1:${port}`, transport: nodeTransport }, "/run", { body: {}, deadlineMs: 5000, attempts: 2 }).catch((err: unknown) => err);
    expect(isUnprocessed(failure)).toBe(true);
    expect((failure as Error).message).toMatch(/connection failed: .*ECONNREFUSED.*\(after 2 attempts\)/);
  });
});
