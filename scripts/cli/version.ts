// `edge-gym --version [--json]` (NeMo Gym's `gym --version`, `ng_version`): the version, the Node
// that runs it and where it is installed, the versions of the packages the local stack runs on,
// and the machine, in the layout of NeMo's command with Edge Gym's names for its keys.
import { readFileSync } from "node:fs";
import { arch, cpus, machine, release, totalmem, type } from "node:os";
import { join } from "node:path";
import { parseCommand } from "./args.ts";
import { ROOT } from "../plan/registry.ts";

export const help = "version [--json] (also --version)   Edge Gym's version, its Node, its key packages and the machine, as NeMo's gym --version";

const KEY_DEPENDENCIES = ["miniflare", "workerd", "wrangler", "zod", "hono"];

const packageVersion = (dir: string): string => {
  try {
    return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "not installed";
  }
};

export function versionInfo() {
  return {
    edge_gym: packageVersion(ROOT),
    node: process.versions.node,
    node_path: process.execPath,
    installation_path: ROOT.replace(/\/$/, ""),
    dependencies: Object.fromEntries(KEY_DEPENDENCIES.map((name) => [name, packageVersion(join(ROOT, "node_modules", name))])),
    system: {
      os: `${type()} ${release()}`,
      platform: `${type()}-${release()}-${machine()}`,
      architecture: arch(),
      processor: cpus()[0]?.model ?? "unknown",
      cpus: cpus().length,
      memory_gb: Math.round((totalmem() / 1024 ** 3) * 100) / 100,
    },
  };
}

export async function version(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, help, { json: { type: "boolean" } });
  const info = versionInfo();
  if (values.json) {
    console.log(JSON.stringify(info));
    return 0;
  }
  const { system: s } = info;
  console.log(`Edge Gym v${info.edge_gym}
Node ${info.node} (${info.node_path})
Installation: ${info.installation_path}

Key Dependencies:
${Object.entries(info.dependencies).map(([name, v]) => `  ${name}: ${v}`).join("\n")}

System:
  OS: ${s.os}
  Platform: ${s.platform}
  Architecture: ${s.architecture}
  Processor: ${s.processor}
  CPUs: ${s.cpus}
  Memory: ${s.memory_gb} GB`);
  return 0;
}
