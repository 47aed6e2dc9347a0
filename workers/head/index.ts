// The head server: publishes the resolved global config (secrets redacted) and the server
// instances, both read from KV where the CLI (or a deploy) put them (SPEC "head"); and serves the
// dashboard and rollout viewer (/ui, ui.ts) over the rollout monitor it hosts (MonitorDO).
import { stringify } from "yaml";
import { redactSecrets } from "../../shared/config/redact.ts";
import { createServerApp } from "../../shared/server/app.ts";
import type { BaseBindings } from "../../shared/server/app.ts";
import { HttpError } from "../../shared/server/errors.ts";
import { GLOBAL_CONFIG_KEY, SERVER_INSTANCES_KEY } from "./keys.ts";
import { ServerInstances } from "./instances.ts";
import { rpcEntrypoint } from "../../shared/server/entrypoint.ts";
import { UI_PAGES, addUiRoutes } from "./ui.ts";
import type { UiBindings } from "./ui.ts";

export { MonitorDO } from "../../durable_objects/monitor_do.ts";

interface Bindings extends BaseBindings, UiBindings {
  CONFIG: KVNamespace;
}

const app = createServerApp<Bindings>({ openPages: UI_PAGES });
addUiRoutes(app);

async function published(kv: KVNamespace, key: string): Promise<unknown> {
  const value = await kv.get(key, "json");
  if (value === null) throw new HttpError(503, "not_published", `no ${key} has been published to this head server yet`);
  return value;
}

app.get("/global_config_dict_yaml", async (c) => {
  // NeMo Gym clients expect the YAML text as one JSON-encoded string.
  const config = await published(c.env.CONFIG, GLOBAL_CONFIG_KEY);
  return c.json(stringify(redactSecrets(config)));
});

// The same config as a JSON object, for Edge Gym's own clients: writing and reading 80 environments'
// YAML costs tens of milliseconds on each side, once per collect.
app.get("/global_config_dict", async (c) => c.json(redactSecrets(await published(c.env.CONFIG, GLOBAL_CONFIG_KEY))));

app.get("/server_instances", async (c) => {
  const instances = ServerInstances.safeParse(await published(c.env.CONFIG, SERVER_INSTANCES_KEY));
  if (!instances.success) throw new HttpError(503, "not_published", `the published ${SERVER_INSTANCES_KEY} is malformed: ${instances.error.issues[0]!.message}; publish again`);
  return c.json(instances.data);
});

export default app;
export const Rpc = rpcEntrypoint(app);
