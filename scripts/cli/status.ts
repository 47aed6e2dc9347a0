// `edge-gym status` (NeMo's `gym env status`): ask the head which servers exist, then ask each
// server whether it is alive. `--json` prints NeMo's server records (ServerInstanceDisplayConfig's
// fields; those a Worker has no value for, a process's pid and start time, are null).
import { serverInstances } from "../collect/head.ts";
import { HEAD_URL_DEFAULT, UsageError, parseCommand } from "./args.ts";

export const help = "status [--head-url URL] [--auth-token T] [--json]   show the running servers and whether each answers";

type ProbeStatus = "success" | "connection_error" | "timeout" | "unknown_error";

async function probe(url: string, headers: Record<string, string> = {}): Promise<{ ok: boolean; status: ProbeStatus; detail: string }> {
  const began = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
    return { ok: response.ok, status: response.ok ? "success" : "unknown_error", detail: `${response.status} in ${(performance.now() - began).toFixed(0)} ms` };
  } catch (err) {
    const error = err as Error;
    return { ok: false, status: error.name === "TimeoutError" ? "timeout" : "connection_error", detail: error.message };
  }
}

export async function status(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, { "head-url": { type: "string" }, "auth-token": { type: "string" }, json: { type: "boolean" } });
  if (overrides.length) throw new UsageError(`status takes no overrides: ${overrides[0]}`);
  const headUrl = values["head-url"] ?? HEAD_URL_DEFAULT;
  const token = values["auth-token"] ?? process.env.EDGE_GYM_TOKEN;
  const instances = await serverInstances(headUrl, token);
  const head = await probe(headUrl);
  // One at a time: a local stack's Workers share one workerd thread, and 50 probes at once would time out on a busy machine.
  const probes: (Awaited<ReturnType<typeof probe>> | undefined)[] = [];
  for (const instance of instances) probes.push(instance.url === undefined ? undefined : await probe(instance.url));
  if (values.json) {
    const records = instances.map((instance, n) => {
      const url = instance.url === undefined ? undefined : new URL(instance.url);
      return {
        config_path: instance.name,
        dir_path: null,
        entrypoint: instance.implementation,
        host: url?.hostname ?? null,
        name: instance.name,
        pid: null,
        port: url ? Number(url.port) : null,
        process_name: instance.name,
        server_type: instance.server_type,
        start_time: null,
        status: probes[n]?.status ?? null,
        uptime_seconds: null,
        url: instance.url ?? null,
      };
    });
    console.log(JSON.stringify(records));
    return head.ok && probes.every((p) => p === undefined || p.ok) ? 0 : 1;
  }
  console.log(`${head.ok ? "up  " : "DOWN"} head${" ".repeat(59)}${headUrl} (${head.detail})`);
  let down = head.ok ? 0 : 1;
  for (const [n, instance] of instances.entries()) {
    // Deployed, internal instances have no address: only Workers holding their binding reach them.
    const result = probes[n];
    if (result === undefined) {
      console.log(`int  ${instance.server_type.padEnd(21)} ${instance.name.padEnd(40)} internal: binding ${instance.binding} to Worker ${instance.worker}`);
      continue;
    }
    if (!result.ok) down++;
    console.log(`${result.ok ? "up  " : "DOWN"} ${instance.server_type.padEnd(21)} ${instance.name.padEnd(40)} ${instance.url} (${result.detail})`);
  }
  return down ? 1 : 0;
}
