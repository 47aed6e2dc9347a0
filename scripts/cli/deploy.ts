// `edge-gym deploy`: the resolved config as one Cloudflare Worker per instance (scripts/deploy).
import { deploy as deployStack } from "../deploy/deploy.ts";
import { parseCommand, positiveInt } from "./args.ts";

export const help =
  "deploy [--config a.yaml ...] [--env NAME] [--dry-run] [--project NAME] [--kv-namespace-id ID] [--concurrency 4] [key=value ...]   " +
  "deploy one Worker per instance with wrangler (--dry-run: build and check offline); EDGE_GYM_AUTH_TOKENS sets the public Workers' AUTH_TOKENS";

export async function deploy(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, {
    config: { type: "string", multiple: true },
    env: { type: "string" },
    "dry-run": { type: "boolean" },
    project: { type: "string" },
    "kv-namespace-id": { type: "string" },
    concurrency: { type: "string" },
  });
  await deployStack({
    configPaths: values.config,
    overrides,
    env: values.env,
    project: values.project,
    dryRun: values["dry-run"] ?? false,
    kvNamespaceId: values["kv-namespace-id"],
    authTokens: process.env.EDGE_GYM_AUTH_TOKENS,
    concurrency: positiveInt(values.concurrency, "--concurrency", 4),
    log: (line) => console.log(line),
  });
  return 0;
}
