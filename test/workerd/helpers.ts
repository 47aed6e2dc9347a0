// Calling a server app in workerd the way its Worker would be called, with the real SESSIONS
// namespace from the harness and a cookie jar per server, as the agent keeps them.
import { env } from "cloudflare:workers";
import { CookieJar } from "../../shared/client/cookies.ts";
import { bindingName } from "../../shared/client/targets.ts";

export interface FetchApp {
  fetch(request: Request, env: object, ctx?: ExecutionContext): Response | Promise<Response>;
}

export function serverEnv(instance: string, extra: Record<string, unknown> = {}) {
  return { SESSIONS: env.SESSIONS, SESSION_SECRET: env.SESSION_SECRET, INSTANCE_NAME: instance, ...extra };
}

export function client(app: FetchApp, appEnv: object) {
  const jar = new CookieJar();
  // What the server hands to waitUntil (reports after its answer), for tests that wait on it.
  const background: Promise<unknown>[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => void background.push(promise), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const send = async (path: string, body?: unknown, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = jar.header();
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    if (body !== undefined) headers.set("content-type", "application/json");
    const response = await app.fetch(
      new Request(`http://server${path}`, {
        method: body === undefined ? "GET" : "POST",
        ...init,
        headers,
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
      appEnv,
      ctx,
    );
    jar.absorb(response.headers);
    return response;
  };
  return { jar, send, background, post: async (path: string, body: unknown) => {
    const response = await send(path, body);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  } };
}

/** An assistant message item with one output_text part. */
export const assistantMessage = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

/** A Responses object whose one output is an assistant message saying `text`. */
export const judgeReply = (text: string) => ({ id: "resp_judge", object: "response", output: [assistantMessage(text)] });

/** A scripted judge answer: the reply text, or a function making the whole HTTP response. */
export type JudgeAnswer = string | ((request: Request) => Response | Promise<Response>);

/**
 * A judge model under the service binding of model instance `instance`, answering each call from
 * `answers` in turn; `seen` holds every request body it got.
 */
export function judgeModel(answers: JudgeAnswer[], instance = "policy_model") {
  const seen: any[] = [];
  const fetcher = {
    async fetch(request: Request) {
      seen.push(await request.clone().json());
      const next = answers[seen.length - 1];
      if (next === undefined) throw new Error("judge called more often than scripted");
      return typeof next === "string" ? Response.json(judgeReply(next)) : next(request);
    },
  };
  return { bindings: { [bindingName(instance)]: fetcher }, fetcher, seen };
}
