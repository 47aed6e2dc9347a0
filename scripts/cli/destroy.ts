// `edge-gym destroy`: remove one environment's deployed stack (scripts/deploy/destroy.ts).
import { destroy as destroyStack } from "../deploy/destroy.ts";
import { parseCommand } from "./args.ts";

export const help =
  "destroy --env NAME [--config a.yaml ...] [--project NAME] [--yes-production] [key=value ...]   " +
  "delete an environment's Workers and KV namespace (production only with --yes-production)";

export async function destroy(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, {
    config: { type: "string", multiple: true },
    env: { type: "string" },
    project: { type: "string" },
    "yes-production": { type: "boolean" },
  });
  await destroyStack({
    configPaths: values.config,
    overrides,
    env: values.env,
    project: values.project,
    yesProduction: values["yes-production"] ?? false,
    log: (line) => console.log(line),
  });
  return 0;
}
