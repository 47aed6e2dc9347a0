// `edge-gym start`: run every configured instance locally until Ctrl+C.
import { AuthTokensError, parseAuthTokens } from "../../shared/server/auth_tokens.ts";
import { removeStackFile, writeStackFile } from "../stack/pid_file.ts";
import { bringUp } from "../stack/up.ts";
import { UsageError, parseCommand, port } from "./args.ts";
import { POLICY_HELP, checkPolicyServed, policyEmulatorArgs } from "./policy.ts";
import { SELECTOR_HELP, SELECTOR_OPTIONS, modelOverrides, selectedConfigPaths } from "./selectors.ts";

export const help =
  `start ${SELECTOR_HELP} [--head-port 11000 (0: any free port)] [--auth-token [name:]TOKEN[,...]] ${POLICY_HELP} [key=value ...]   ` +
  "run the configured servers locally (Miniflare + workerd); open unless --auth-token turns bearer auth on for every server's port; edge-gym stop ends it from another terminal";

// Checked here, so a bad token stops the start instead of making every request a 500.
function authTokens(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    parseAuthTokens(value);
  } catch (err) {
    if (err instanceof AuthTokensError) throw new UsageError(`--auth-token: ${err.message}`);
    throw err;
  }
  return value;
}

export async function start(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, {
    ...SELECTOR_OPTIONS,
    "head-port": { type: "string" },
    "auth-token": { type: "string" },
    policy: { type: "string" },
  });
  const emulatorArgs = policyEmulatorArgs(values.policy);
  const began = performance.now();
  const running = await bringUp({
    configPaths: selectedConfigPaths(values),
    overrides: [...modelOverrides(values), ...overrides],
    headPort: port(values["head-port"], "--head-port", 11000),
    authTokens: authTokens(values["auth-token"]),
    emulatorArgs,
    log: (line) => console.log(line),
  });
  try {
    checkPolicyServed(running, values.policy);
  } catch (err) {
    await running.stop();
    throw err;
  }
  console.log(`head  ${running.stack.headUrl}`);
  for (const instance of running.stack.instances) {
    console.log(`${instance.server_type.padEnd(21)} ${instance.name.padEnd(40)} ${instance.url}`);
  }
  console.log(`dashboard  ${running.stack.headUrl}/ui  (rollouts live; the viewer at /ui/viewer)`);
  // Miniflare's own exit hook would exit at once with 130; this command shuts down in order instead.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  const signalled = new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  // Written once SIGTERM shuts down in order: `edge-gym stop` sends it.
  const headPort = Number(new URL(running.stack.headUrl).port);
  writeStackFile({ head_url: running.stack.headUrl, head_port: headPort });
  console.log(`All servers ready! (${((performance.now() - began) / 1000).toFixed(2)} s)`);
  await signalled;
  console.log("Shutting down...");
  await running.stop();
  removeStackFile(headPort);
  console.log("Stopped.");
  return 0;
}
