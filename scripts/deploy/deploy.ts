// `edge-gym deploy`: one config, one environment, one Worker per instance. A real deploy finds or
// creates the head's KV namespace, writes every Worker's config and bundle, runs `wrangler deploy`
// per Worker in dependency order with its secrets in the same upload, then publishes the redacted
// config and the instance list to the head's KV. A dry run writes the same files with a placeholder
// KV id and has wrangler check every config and build every distinct bundle offline.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseAuthTokens } from "../../shared/server/auth_tokens.ts";
import { EMULATOR_SCHEME } from "../../shared/fleet/emulator.ts";
import { SANDBOX_SCHEME } from "../../shared/sandbox/client.ts";
import { CLOUDFLARE_SANDBOX_URL } from "../../shared/sandbox/target.ts";
import { placeholders } from "../plan/placeholders.ts";
import { HEAD_NAME } from "../plan/plan.ts";
import type { WorkerSpec } from "../plan/plan.ts";
import { CheckedBuilds } from "./checked.ts";
import { stageDatabases } from "./databases.ts";
import { DEPLOY_DIR, writeWorkers } from "./generate.ts";
import type { WrittenWorker } from "./generate.ts";
import { ensureNamespace } from "./kv.ts";
import { deploymentId, envLabel, kvTitle } from "./names.ts";
import { deployedInstances, publishedKeys } from "./publish.ts";
import { forEachBounded, failureLine, showCommand, wranglerRunner } from "./runner.ts";
import type { Outcome, Runner } from "./runner.ts";
import { AUTH_TOKENS, SESSION_SECRET, requiredSecrets } from "./secrets.ts";
import { deploySettings } from "./settings.ts";
import { deployedStack } from "./stack.ts";
import type { StackOptions } from "./stack.ts";
import { validateConfigs } from "./validate.ts";

export const DRY_RUN_KV_ID = "dry-run-placeholder-kv-namespace-id";

export interface DeployOptions extends StackOptions {
  dryRun?: boolean;
  /** Skips the lookup by title. */
  kvNamespaceId?: string;
  /** The value of every public Worker's AUTH_TOKENS secret; unset keeps what the Workers have. */
  authTokens?: string;
  /** Dry-run builds at once. */
  concurrency?: number;
  /** Where the per-Worker directories go (default .edge-gym/deploy). */
  outDir?: string;
  runner?: Runner;
  log?: (line: string) => void;
}

export interface DeployResult {
  dir: string;
  workers: WrittenWorker[];
  /** Worker name -> its public URL (real deploys). */
  urls: Map<string, string>;
  /** `wrangler secret put` commands the operator still has to run. */
  pending: string[];
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// A container image is built with Docker, even by a dry run: none is at hand offline, so the dry
// run checks the containers' config (Dockerfile, class, instance type) and builds no image.
export const dryRunArgs = (w: WrittenWorker) => ["deploy", "--dry-run", "-c", w.configPath, "--outdir", join(w.dir, "dist"), ...(w.config.containers ? ["--containers-rollout=none"] : [])];
export const secretListArgs = (worker: string) => ["secret", "list", "--name", worker, "--format", "json"];
export const deployArgs = (w: WrittenWorker, secretsFile: string | undefined) => ["deploy", "-c", w.configPath, ...(secretsFile ? ["--secrets-file", secretsFile] : [])];
export const kvPutArgs = (key: string, path: string, namespaceId: string) => ["kv", "key", "put", key, "--path", path, "--namespace-id", namespaceId, "--remote"];

// The emulator and the local sandbox are processes of the CLI's machine: no deployed Worker reaches them.
function refuseLocalProcesses(specs: WorkerSpec[]): void {
  for (const spec of specs) {
    const [emulator] = placeholders([spec.vars.INSTANCE_CONFIG], EMULATOR_SCHEME);
    if (emulator) throw new Error(`${spec.instance} points at the local vLLM emulator (${emulator}); set its base_url to a reachable vLLM endpoint before deploying (env.yaml: policy_base_url for policy_model, genrm_base_url for genrm_model)`);
    const [sandbox] = placeholders([spec.vars.INSTANCE_CONFIG], SANDBOX_SCHEME).filter((url) => url !== CLOUDFLARE_SANDBOX_URL);
    if (sandbox) throw new Error(`${spec.instance} runs code in a local sandbox (${sandbox}); set sandbox_url: ${CLOUDFLARE_SANDBOX_URL} (env.yaml) before deploying`);
  }
}

// Workers of one implementation share a bundle and its Durable Object classes, so wrangler builds
// and checks each distinct build once (`deploy --dry-run --outdir`, a process each, a few at once),
// and not again while the build is unchanged; every Worker's own config has already passed
// wrangler's validation in-process.
const buildKey = (w: WrittenWorker) => JSON.stringify([w.spec.entry, Object.values(w.spec.durableObjects).sort()]);

async function dryRun(workers: WrittenWorker[], checked: CheckedBuilds, run: Runner, concurrency: number, log: (line: string) => void): Promise<void> {
  const builds = new Map<string, WrittenWorker[]>();
  for (const w of workers) builds.set(buildKey(w), [...(builds.get(buildKey(w)) ?? []), w]);
  let done = 0;
  await forEachBounded([...builds.values()], concurrency, async ([w, ...same]) => {
    const shared = same.length ? `; the same build as ${same.length} more` : "";
    if (checked.has(w!)) {
      log(`[${++done}/${builds.size}] unchanged since wrangler built and checked it: ${w!.config.name}${shared}`);
      return;
    }
    const began = performance.now();
    const outcome = await run(dryRunArgs(w!));
    if (outcome.code !== 0) throw new Error(`dry run of Worker ${w!.config.name} failed: ${failureLine(outcome)}`);
    checked.add(w!);
    const size = /Total Upload: .*?gzip: ([\d.]+ \w+)/.exec(outcome.stdout)?.[1];
    log(`[${++done}/${builds.size}] built ${w!.config.name}${size ? ` (${size} gzip)` : ""} in ${seconds(began)}${shared}`);
  });
}

/** The Worker's public URL: wrangler prints its workers.dev URL; a route gives its host. */
function publicUrl(w: WrittenWorker, outcome: Outcome): string | undefined {
  const printed = /https:\/\/\S+/.exec(outcome.stdout)?.[0];
  if (printed) return printed.replace(/\/$/, "");
  const route = w.config.routes?.[0];
  const pattern = typeof route === "string" ? route : route?.pattern;
  return pattern ? `https://${pattern.replace(/^https?:\/\//, "").replace(/\/.*$/, "")}` : undefined;
}

async function existingSecrets(run: Runner, worker: string): Promise<string[]> {
  const outcome = await run(secretListArgs(worker));
  if (outcome.code !== 0) {
    // A Worker's first deploy: it has no secrets yet.
    if (/not found/i.test(failureLine(outcome))) return [];
    throw new Error(`listing the secrets of Worker ${worker} failed: ${failureLine(outcome)}`);
  }
  const json = outcome.stdout.slice(outcome.stdout.indexOf("["), outcome.stdout.lastIndexOf("]") + 1);
  return (JSON.parse(json || "[]") as { name: string }[]).map((s) => s.name);
}

// SESSION_SECRET is made once per Worker and kept: a new one would orphan every live session.
function secretsToSend(w: WrittenWorker, existing: string[], authTokens: string | undefined): Record<string, string> {
  return {
    ...w.configSecrets,
    ...(w.spec.signsSessions && !existing.includes(SESSION_SECRET) ? { [SESSION_SECRET]: randomBytes(32).toString("hex") } : {}),
    ...(w.spec.public && authTokens !== undefined ? { [AUTH_TOKENS]: authTokens } : {}),
  };
}

async function deployOne(w: WrittenWorker, run: Runner, authTokens: string | undefined): Promise<{ outcome: Outcome; existing: string[] }> {
  const existing = await existingSecrets(run, w.config.name);
  const secrets = secretsToSend(w, existing, authTokens);
  // Secrets travel in the deploy's own upload (--secrets-file), so no version runs without them;
  // the file lives in a private temp directory only while wrangler reads it.
  const tmp = Object.keys(secrets).length ? mkdtempSync(join(tmpdir(), "edge-gym-secrets-")) : undefined;
  try {
    const file = tmp && join(tmp, "secrets.json");
    if (file) writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    return { outcome: await run(deployArgs(w, file)), existing };
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const log = options.log ?? (() => {});
  const run = options.runner ?? wranglerRunner;
  const began = performance.now();
  const stack = deployedStack(options);
  const d = stack.deployment;
  log(`${options.dryRun ? "dry run: " : ""}deploying ${stack.ordered.length} Workers as ${deploymentId(d)} (${envLabel(d)})`);
  // Everything the config can get wrong fails here, before the account is touched.
  const settings = deploySettings(stack.resolved.config, stack.ordered);
  if (!options.dryRun) refuseLocalProcesses(stack.ordered);
  if (options.authTokens !== undefined) parseAuthTokens(options.authTokens);
  const kvId = options.dryRun ? DRY_RUN_KV_ID : options.kvNamespaceId ?? (await ensureNamespace(run, kvTitle(d), log));
  const root = options.outDir ?? DEPLOY_DIR;
  // Before any image is built: the Cloudflare sandbox's carries the databases its users' configs name.
  if (stack.ordered.some((s) => s.role === "sandbox")) stageDatabases(stack.ordered, log);
  const { dir, workers } = await writeWorkers(stack, settings, kvId, root);
  await validateConfigs(workers);
  log(`wrote ${workers.length} wrangler configs and bundles under ${dir}; wrangler accepts every config`);
  const urls = new Map<string, string>();
  if (options.dryRun) {
    await dryRun(workers, new CheckedBuilds(join(root, ".checked")), run, options.concurrency ?? 4, log);
    for (const w of workers) log(`secrets of ${w.config.name}: ${requiredSecrets(w.spec, w.configSecrets).join(", ") || "none"}`);
    log(`dry run ok: ${workers.length} Workers in ${seconds(began)}`);
    return { dir, workers, urls, pending: [] };
  }

  const deployed: string[] = [];
  const soFar = () => (deployed.length ? `already deployed: ${deployed.join(", ")}` : "nothing was deployed");
  const pending: string[] = [];
  for (const [i, w] of workers.entries()) {
    const step = performance.now();
    const { outcome, existing } = await deployOne(w, run, options.authTokens).catch((err: Error) => {
      throw new Error(`${err.message}; ${soFar()}`);
    });
    if (outcome.code !== 0) throw new Error(`deploy of Worker ${w.config.name} failed: ${failureLine(outcome)}; ${soFar()}`);
    deployed.push(w.config.name);
    const url = w.spec.public ? publicUrl(w, outcome) : undefined;
    if (url) urls.set(w.spec.name, url);
    log(`[${i + 1}/${workers.length}] deployed ${w.config.name}${url ? ` ${url}` : ""} in ${seconds(step)}`);
    if (w.spec.public && options.authTokens === undefined && !existing.includes(AUTH_TOKENS)) {
      pending.push(showCommand(["secret", "put", AUTH_TOKENS, "--name", w.config.name]));
    }
  }

  const kvDir = join(dir, "kv");
  mkdirSync(kvDir, { recursive: true });
  const instances = deployedInstances(stack.resolved.instances, stack.ordered, stack.names, urls);
  for (const { key, json } of publishedKeys(stack.resolved.config, stack.resolved.instances, instances, urls.get(HEAD_NAME))) {
    const path = join(kvDir, `${key}.json`);
    writeFileSync(path, json);
    const outcome = await run(kvPutArgs(key, path, kvId));
    if (outcome.code !== 0) throw new Error(`publishing ${key} to the head's KV failed: ${failureLine(outcome)}; every Worker is deployed, run the deploy again`);
  }
  log(`published the config and ${instances.length} instances to the head's KV (${kvTitle(d)})`);
  if (pending.length) {
    log(`public Workers without AUTH_TOKENS refuse every request until you set it (or deploy with EDGE_GYM_AUTH_TOKENS set):`);
    for (const command of pending) log(`  ${command}`);
  }
  log(`deployed ${workers.length} Workers in ${seconds(began)}; head: ${urls.get(HEAD_NAME) ?? "(no public URL)"}`);
  return { dir, workers, urls, pending };
}
