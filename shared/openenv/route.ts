// GET /ws on an episode server: OpenEnv's WebSocket endpoint (its EnvClient connects to
// `<base_url>/ws`). The Worker only hands the upgrade to a Durable Object of the server's own
// SessionDO class, new per socket, which holds the socket with the hibernatable API and plays
// the frames (durable_objects/session_do.ts, socket.ts): an idle socket costs no running Worker.
// The upgrade passes the app's middleware like any request (bearer auth and rate limit when on).
import type { Hono } from "hono";
import { newSessionId } from "../session/cookie.ts";
import { HttpError } from "../server/errors.ts";
import type { AppEnv } from "../server/app.ts";
import type { ResourcesBindings } from "../resources/define.ts";

export const OPENENV_PATH = "/ws";

export function serveOpenEnv(app: Hono<AppEnv<ResourcesBindings>>): void {
  app.get(OPENENV_PATH, (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      throw new HttpError(426, "upgrade_required", `${OPENENV_PATH} is OpenEnv's WebSocket endpoint: connect with an Upgrade: websocket request (OpenEnv's EnvClient does)`);
    }
    const sessions = c.env.SESSIONS;
    if (!sessions) throw new HttpError(500, "misconfigured", "an episode server needs its SESSIONS binding to serve OpenEnv's socket");
    return sessions.get(sessions.idFromName(`openenv:${newSessionId()}`)).fetch(c.req.raw);
  });
}
