// readStreamedBody (shared/server/body.ts): a body the middleware leaves unread (STREAMED_BODIES),
// read as it arrives, gives exactly what readBody gives for the same bytes, however it is cut, and
// meets the same limits.
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody, readStreamedBody } from "../../../shared/server/body.ts";

const Row = z.looseObject({ reward: z.number(), _ng_task_index: z.number().int().min(0).optional() });
const Body = z.strictObject({ verify_responses: z.array(Row) });

const app = createServerApp<BaseBindings>();
// /aggregate_metrics reads its own body as it arrives (STREAMED_BODIES); /whole gets it buffered.
app.post("/aggregate_metrics", async (c) => c.json({ rows: (await readStreamedBody(c, Body)).verify_responses }));
app.post("/whole", async (c) => c.json({ rows: (await readBody(c, Body)).verify_responses }));

const APP_ENV: BaseBindings = { INSTANCE_NAME: "server", MAX_JSON_DEPTH: "6" };

/** The body in pieces of `size` bytes, so rows and escapes straddle chunks. */
function pieces(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += size)));
    },
  });
}

async function post(path: string, body: BodyInit, appEnv: BaseBindings = APP_ENV) {
  const res = await app.fetch(new Request(`http://server${path}`, { method: "POST", headers: { "content-type": "application/json" }, body }), appEnv);
  return { status: res.status, text: await res.text() };
}

const row = (reward: unknown, extra = "") => `{"reward":${JSON.stringify(reward)},"_ng_task_index":1${extra}}`;
const BODIES: Record<string, string> = {
  "plain": `{"verify_responses":[${row(1)},${row(0, ',"s":"a,]}\\\\\\"b"')},${row(0.5, ',"n":{"m":[1,{"o":2}]}')}]}`,
  "spaced": ` \n{ "verify_responses" :\t[ ${row(1)} ,\r\n${row(0)} ] } \n`,
  "no rows": `{"verify_responses":[ ]}`,
  "a key twice (the last wins)": `{"verify_responses":[${row(1)}],"verify_responses":[${row(0)}]}`,
  "an escaped key": `{"verify_respons\\u0065s":[${row(1)}]}`,
  "a row without a numeric reward": `{"verify_responses":[${row(1)},${row("1")},${row(null)}]}`,
  "an unknown key": `{"verify_responses":[${row(1)}],"other":1}`,
  "a trailing comma": `{"verify_responses":[${row(1)},]}`,
  "a missing comma": `{"verify_responses":[${row(1)} ${row(0)}]}`,
  "a bracket in place of a brace": `{"verify_responses":[${row(1)}}]}`,
  "text after the body": `{"verify_responses":[${row(1)}]} x`,
  "cut short": `{"verify_responses":[${row(1)},${row(0)}`,
  "a lone surrogate": `{"verify_responses":[${row(1)},${row(0, ',"s":"\\ud800"')}]}`,
  "too deep": `{"verify_responses":[${row(1, ',"a":[[[[1]]]]')}]}`,
  "as deep as allowed": `{"verify_responses":[${row(1, ',"a":[[1]]')}]}`,
  "not an object": `[1]`,
  "empty": ``,
};

describe("readStreamedBody", () => {
  for (const [name, body] of Object.entries(BODIES)) {
    test(`${name}: readBody's answer, whole or in 3-byte pieces`, async () => {
      const whole = await post("/whole", body);
      for (const sent of [body, pieces(body, 3)]) {
        const streamed = await post("/aggregate_metrics", sent);
        expect(streamed.status).toBe(whole.status);
        expect(streamed.text).toBe(whole.text);
      }
    });
  }

  test("a row failing alone is a 400 naming its path in the body", async () => {
    const res = await post("/aggregate_metrics", pieces(BODIES["a row without a numeric reward"]!, 5));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.issues.map((i: { path: string }) => i.path)).toEqual(["verify_responses[1].reward", "verify_responses[2].reward"]);
  });

  test("the body limits hold for a body read as it arrives", async () => {
    const res = await post("/aggregate_metrics", pieces(BODIES.plain!, 10), { ...APP_ENV, MAX_BODY_BYTES: "50" });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error.type).toBe("body_too_large");
  });
});
