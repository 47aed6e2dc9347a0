// A stand-in for the router Durable Object's namespace: the real Router behind the stub's methods,
// sessions in a Map instead of SQLite. The Durable Object itself runs in the Node fleet tests.
import { Router } from "../../../shared/fleet/router.ts";
import type { AcquireRequest, IsolateReport, Report, RouterConfig } from "../../../shared/fleet/router.ts";

export function routerNamespace() {
  const sessions = new Map<string, string>();
  let router: Router | undefined;
  const use = (config: RouterConfig) => {
    router ??= new Router({ get: (s) => sessions.get(s), set: (s, e) => void sessions.set(s, e) }, config);
    router.configure(config);
    return router;
  };
  const stub = {
    acquire: async (config: RouterConfig, request: AcquireRequest) => use(config).acquire(request),
    release: async (lease: string, report: Report) => router?.release(lease, report),
    renew: async (leases: string[]) => router?.renew(leases),
    sync: async (config: RouterConfig, report: IsolateReport) => use(config).sync(report),
    pause: async (config: RouterConfig, drainMs: number) => use(config).pause(drainMs),
    resume: async (config: RouterConfig) => use(config).resume(),
    status: async (config: RouterConfig) => {
      const status = use(config).status();
      return { ...status, endpoints: status.endpoints.map((e) => ({ ...e, sessions: [...sessions.values()].filter((u) => u === e.url).length })) };
    },
  };
  return { idFromName: (name: string) => name, get: () => stub };
}
