// Calling a server app in workerd the way its Worker would be called, with the real SESSIONS
// namespace from the harness and a cookie jar per server, as the agent keeps them.
import { env } from "cloudflare:workers";
import { CookieJar } from "../../shared/client/cookies.ts";

export interface FetchApp {
  fetch(request: Request, env: object, ctx?: ExecutionContext): Response | Promise<Response>;
}

export function serverEnv(instance: string, extra: Record<string, unknown> = {}) {
  return { SESSIONS: env.SESSIONS, SESSION_SECRET: env.SESSION_SECRET, INSTANCE_NAME: instance, ...extra };
}

export function client(app: FetchApp, appEnv: object) {
  const jar = new CookieJar();
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
    );
    jar.absorb(response.headers);
    return response;
  };
  return { jar, send, post: async (path: string, body: unknown) => {
    const response = await send(path, body);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  } };
}
