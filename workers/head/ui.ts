// The head's /ui: the live dashboard and the rollout viewer (static pages, open), and the API they
// read (behind the same bearer auth as every route): each caller reads its own monitor object, the
// rollouts its token ran (monitorScope); an open local stack has one, for everyone.
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import uplotCss from "uplot/dist/uPlot.min.css" with { type: "text" };
import uplotJs from "uplot/dist/uPlot.iife.min.js" with { type: "text" };
import type { MonitorDO } from "../../durable_objects/monitor_do.ts";
import { monitorScope } from "../../shared/agents/monitor.ts";
import { withinDeadline } from "../../shared/agents/run_limits.ts";
import type { AppEnv, BaseBindings } from "../../shared/server/app.ts";
import { validate } from "../../shared/server/body.ts";
import { HttpError, invalidRequest } from "../../shared/server/errors.ts";
import { RolloutQuery } from "../../shared/ui/api.ts";
import { UPLOT_CSS_PATH, UPLOT_JS_PATH, dashboardPage } from "../../shared/ui/dashboard_page.ts";
import { viewerPage } from "../../shared/ui/viewer_page.ts";

export interface UiBindings extends BaseBindings {
  MONITOR?: DurableObjectNamespace<MonitorDO>;
}

/** Served to anyone: they hold no data. */
export const UI_PAGES = ["/ui", "/ui/viewer", UPLOT_JS_PATH, UPLOT_CSS_PATH];

/** A read of the monitor that takes longer is a 504, not a hung page. */
const READ_DEADLINE_MS = 10_000;
/** How often a following page is sent what changed, and how long one stream lasts (the page reconnects). */
const EVENT_INTERVAL_MS = 1000;
const STREAM_MS = 5 * 60 * 1000;

function monitor(env: UiBindings, caller: string | undefined) {
  if (!env.MONITOR) throw new HttpError(500, "misconfigured", "no MONITOR Durable Object binding (class MonitorDO) on the head");
  return env.MONITOR.get(env.MONITOR.idFromName(monitorScope(caller)));
}

const read = <T>(what: string, work: () => Promise<T>) => withinDeadline(READ_DEADLINE_MS, what, () => work());

const page = (html: string, type = "text/html; charset=utf-8") => () =>
  new Response(html, { headers: { "content-type": type, "cache-control": "no-cache", "x-content-type-options": "nosniff" } });

export function addUiRoutes<B extends UiBindings>(app: Hono<AppEnv<B>>): void {
  app.get("/ui", page(dashboardPage()));
  app.get("/ui/viewer", page(viewerPage({ dashboard: true })));
  app.get(UPLOT_JS_PATH, page(uplotJs, "text/javascript; charset=utf-8"));
  app.get(UPLOT_CSS_PATH, page(uplotCss, "text/css; charset=utf-8"));

  app.get("/ui/api/snapshot", async (c) => c.json(await read("the monitor's snapshot", () => monitor(c.env, c.get("caller")).snapshot())));

  app.get("/ui/api/events", (c) => {
    const stub = monitor(c.env, c.get("caller"));
    return streamSSE(c, async (stream) => {
      let version: number | undefined;
      const until = Date.now() + STREAM_MS;
      while (!stream.aborted && Date.now() < until) {
        const snapshot = await read("the monitor's snapshot", () => stub.snapshot(version));
        if (snapshot) {
          version = snapshot.version;
          await stream.writeSSE({ event: "snapshot", data: JSON.stringify(snapshot) });
        }
        await stream.sleep(EVENT_INTERVAL_MS);
      }
    });
  });

  app.get("/ui/api/rollouts", async (c) => {
    const query = validate(RolloutQuery, c.req.query());
    // The monitor pages by its own sequence numbers: a cursor it did not give is named, not read as the end.
    if (query.cursor !== undefined && !/^\d{1,15}$/.test(query.cursor)) throw invalidRequest([{ path: "cursor", message: "not a cursor this server gave (the `next` of a previous page)" }]);
    return c.json(await read("the monitor's list", () => monitor(c.env, c.get("caller")).list(query)));
  });

  app.get("/ui/api/rollouts/:id", async (c) => {
    const id = c.req.param("id");
    const detail = await read("the monitor's rollout", () => monitor(c.env, c.get("caller")).detail(id));
    if (!detail) throw new HttpError(404, "not_found", `no rollout ${id} here (never recorded, or older than the monitor keeps)`);
    return c.json(detail);
  });
}
