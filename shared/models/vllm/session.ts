// The model server's session: a signed cookie the agent replays on every turn of a rollout (SPEC
// "Cookies"). It holds no state here; its id is the key the gateway keeps a rollout on one vLLM
// endpoint by, so turn after turn hits that endpoint's prefix cache. A second cookie carries the
// endpoint itself (pin.ts), so the gateway's router need not remember the session.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { PIN_COOKIE, PIN_HEADER } from "../../fleet/pin.ts";
import { HttpError } from "../../server/errors.ts";
import { SESSION_COOKIE, cookieScope, newSessionId, signSession, verifySession } from "../../session/cookie.ts";

export interface SessionBindings {
  INSTANCE_NAME?: string;
  SESSION_SECRET?: string;
  DEPLOYMENT_ID?: string;
}

/** The request's session id; a request without a valid cookie starts a session and gets one. */
export async function modelSession(c: Context): Promise<string> {
  const { SESSION_SECRET: secret, INSTANCE_NAME: instance, DEPLOYMENT_ID: deployment } = c.env as SessionBindings;
  if (!secret || !instance) throw new HttpError(500, "misconfigured", "SESSION_SECRET and INSTANCE_NAME must be set for the model server's session cookie");
  // A cookie from another deployment or environment is treated as absent.
  const scope = cookieScope(instance, deployment);
  const existing = await verifySession(secret, scope, getCookie(c, SESSION_COOKIE));
  if (existing) return existing;
  const id = newSessionId();
  setCookie(c, SESSION_COOKIE, await signSession(secret, scope, id), { httpOnly: true, sameSite: "Lax", path: "/" });
  return id;
}

/** The endpoint this session was placed on (pin.ts), as its cookie carries it; "" before the first answer. */
export function endpointPin(c: Context): string {
  return getCookie(c, PIN_COOKIE) ?? "";
}

/** Keeps the endpoint the gateway names in `headers` for the session's next turns, when it changed. */
export function keepPin(c: Context, sent: string, headers: Headers): void {
  const pin = headers.get(PIN_HEADER);
  if (pin && pin !== sent) setCookie(c, PIN_COOKIE, pin, { httpOnly: true, sameSite: "Lax", path: "/" });
}
