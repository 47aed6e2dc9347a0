// `edge-gym resolve`: print the merged, interpolated config as YAML (secrets redacted).
import { stringify } from "yaml";
import { redactSecrets } from "../../shared/config/redact.ts";
import { loadConfig } from "../plan/config.ts";
import { parseCommand } from "./args.ts";
import { checkInstances } from "../plan/plan.ts";
import { SELECTOR_HELP, SELECTOR_OPTIONS, modelOverrides, selectedConfigPaths } from "./selectors.ts";

export const help = `resolve ${SELECTOR_HELP} [--local] [--show-secrets] [key=value ...]   print the merged config (--local: as start and eval run it, with the local defaults filled in)`;

export async function resolve(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, {
    ...SELECTOR_OPTIONS,
    "show-secrets": { type: "boolean" },
    local: { type: "boolean" },
  });
  const { config, instances } = loadConfig(selectedConfigPaths(values), [...modelOverrides(values), ...overrides], { local: values.local, log: (line) => console.error(line) });
  checkInstances(instances);
  process.stdout.write(stringify(values["show-secrets"] ? config : redactSecrets(config)));
  return 0;
}
