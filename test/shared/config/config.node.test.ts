import { describe, expect, test } from "vitest";
import { ConfigError, redactSecrets, resolveConfig } from "../../../shared/config/index.ts";
import { interpolate, assertNoMissing } from "../../../shared/config/interpolate.ts";
import { loadConfig, type LoadOptions } from "../../../shared/config/load.ts";
import { deepMerge } from "../../../shared/config/merge.ts";
import { applyOverrides, parseOverride, parseOverrides } from "../../../shared/config/overrides.ts";
import { levenshtein, splitInstances, withDependencies } from "../../../shared/config/instances.ts";
import { InstanceConfig } from "../../../shared/schemas/config.ts";

// In-memory files; includes resolve relative to the including file's directory.
function fs(files: Record<string, string>): Pick<LoadOptions, "readText" | "resolvePath"> {
  return {
    readText: (path) => files[path],
    resolvePath: (from, path) => (from.includes("/") ? `${from.slice(0, from.lastIndexOf("/"))}/${path}` : path),
  };
}

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

const apply = (config: Record<string, unknown>, ...args: string[]) => applyOverrides(config, parseOverrides(args));

describe("deepMerge", () => {
  test("later wins; mappings merge recursively; lists and scalars replace", () => {
    const merged = deepMerge(
      { a: { x: 1, y: [1, 2], z: { k: "v" } }, s: "old" },
      { a: { y: [3], z: "scalar" }, s: "new", t: null },
    );
    expect(merged).toEqual({ a: { x: 1, y: [3], z: "scalar" }, s: "new", t: null });
  });

  test("a later ??? does not erase an earlier value, as in OmegaConf", () => {
    expect(deepMerge({ a: 1, m: { k: 1 } }, { a: "???", m: "???", b: "???" })).toEqual({ a: 1, m: { k: 1 }, b: "???" });
  });

  test("does not modify its inputs", () => {
    const base = { a: { x: 1 } };
    deepMerge(base, { a: { y: 2 } });
    expect(base).toEqual({ a: { x: 1 } });
  });
});

describe("overrides", () => {
  test("values are YAML scalars and flow collections", () => {
    const value = (text: string) => parseOverride(`++v=${text}`).value;
    expect(value("3")).toBe(3);
    expect(value("1.5")).toBe(1.5);
    expect(value("true")).toBe(true);
    expect(value("null")).toBe(null);
    expect(value("[1,2]")).toEqual([1, 2]);
    expect(value("{a: 1}")).toEqual({ a: 1 });
    expect(value("'3'")).toBe("3");
    expect(value('"true"')).toBe("true");
    expect(value("http://localhost:8000/v1")).toBe("http://localhost:8000/v1");
    expect(value("a=b")).toBe("a=b");
    expect(value("")).toBe("");
  });

  test("the three forms", () => {
    expect(parseOverride("a.b=1")).toMatchObject({ op: "replace", path: ["a", "b"], value: 1 });
    expect(parseOverride("+a.b=1")).toMatchObject({ op: "add", path: ["a", "b"] });
    expect(parseOverride("++a.b=1")).toMatchObject({ op: "upsert", path: ["a", "b"] });
  });

  test("a.b=v replaces an existing key, and is an error for a new one suggesting +", () => {
    expect(apply({ a: { b: 1, c: 2 } }, "a.b=5")).toEqual({ a: { b: 5, c: 2 } });
    expect(problemsOf(() => apply({ a: { b: 1 } }, "a.x=5"))).toEqual([
      'override "a.x=5": a.x does not exist (use +a.x=5 to add it)',
    ]);
    expect(problemsOf(() => apply({}, "a.b=5"))).toEqual(['override "a.b=5": a does not exist (use +a.b=5 to add it)']);
  });

  test("+a.b=v adds, creating parents, and is an error when the key exists", () => {
    expect(apply({ a: { b: 1 } }, "+a.c=2", "+n.m.k=x")).toEqual({ a: { b: 1, c: 2 }, n: { m: { k: "x" } } });
    expect(problemsOf(() => apply({ a: { b: 1 } }, "+a.b=2"))).toEqual([
      'override "+a.b=2": a.b already exists (use ++a.b=2 to replace it)',
    ]);
  });

  test("++a.b=v adds or replaces", () => {
    expect(apply({ a: { b: 1 } }, "++a.b=2", "++a.c=[x]")).toEqual({ a: { b: 2, c: ["x"] } });
  });

  test("cannot set a key under a scalar", () => {
    expect(problemsOf(() => apply({ a: 1 }, "++a.b=2"))).toEqual(['override "++a.b=2": a is not a mapping']);
  });

  test("malformed overrides name the argument, all at once", () => {
    expect(problemsOf(() => parseOverrides(["novalue", "=3", "++=3", "a..b=1", "x=[1"]))).toEqual([
      'override "novalue": expected key=value',
      'override "=3": empty key',
      'override "++=3": empty key',
      'override "a..b=1": malformed key "a..b"',
      expect.stringMatching(/^override "x=\[1": bad value: /),
    ]);
  });

  test("does not modify the input config", () => {
    const config = { a: { b: 1 } };
    apply(config, "a.b=2");
    expect(config).toEqual({ a: { b: 1 } });
  });
});

describe("loadConfig", () => {
  test("merge order: includes < includer < later config_paths < env.yaml < overrides", () => {
    const files = {
      "base.yaml": "v: base\nonly_base: 1\nshared: {from: base, keep: base}\n",
      "dir/mid.yaml": "config_paths: [inner.yaml]\nv: mid\nshared: {from: mid}\n",
      "dir/inner.yaml": "v: inner\nonly_inner: 1\nshared: {from: inner, inner: 1}\n",
      "top.yaml": "v: top\n",
      "env.yaml": "v: env\npolicy_api_key: sk-1\n",
    };
    const config = loadConfig({
      ...fs(files),
      configPaths: ["base.yaml", "dir/mid.yaml"],
      envYaml: "env.yaml",
      overrides: [],
    });
    expect(config).toEqual({
      v: "env",
      only_base: 1,
      only_inner: 1,
      shared: { from: "mid", keep: "base", inner: 1 },
      policy_api_key: "sk-1",
    });
    const withOverride = loadConfig({
      ...fs(files),
      configPaths: ["base.yaml", "dir/mid.yaml", "top.yaml"],
      envYaml: "env.yaml",
      overrides: ["v=cli"],
    });
    expect(withOverride.v).toBe("cli");
  });

  test("the includer overrides what it includes, recursively, and config_paths is stripped", () => {
    const config = loadConfig({
      ...fs({ "a.yaml": "config_paths: [b.yaml]\nx: a\n", "b.yaml": "config_paths: [c.yaml]\nx: b\ny: b\n", "c.yaml": "x: c\ny: c\nz: c\n" }),
      configPaths: ["a.yaml"],
      overrides: [],
    });
    expect(config).toEqual({ x: "a", y: "b", z: "c" });
  });

  test("a missing env.yaml is fine", () => {
    const config = loadConfig({ ...fs({ "a.yaml": "x: 1\n" }), configPaths: ["a.yaml"], envYaml: "env.yaml", overrides: [] });
    expect(config).toEqual({ x: 1 });
  });

  test("config_paths can come from an override", () => {
    const options = { ...fs({ "a.yaml": "x: a\ny: a\n", "b.yaml": "x: b\n" }), overrides: ["+config_paths=[a.yaml,b.yaml]", "++z=1"] };
    expect(loadConfig({ ...options, configPaths: [] })).toEqual({ x: "b", y: "a", z: 1 });
    // With paths already given, the override follows Hydra rules: ++ replaces them, + is an error.
    expect(loadConfig({ ...options, configPaths: ["b.yaml"], overrides: ["++config_paths=[a.yaml]"] })).toEqual({ x: "a", y: "a" });
    expect(problemsOf(() => loadConfig({ ...options, configPaths: ["b.yaml"] }))[0]).toMatch(/config_paths already exists/);
    expect(problemsOf(() => loadConfig({ ...options, configPaths: [], overrides: ["+config_paths=a.yaml"] }))).toEqual([
      "the config_paths override: config_paths must be a list of file paths",
    ]);
  });

  test("a missing file names the path and who included it", () => {
    const files = fs({ "a.yaml": "config_paths: [nope.yaml]\n" });
    expect(problemsOf(() => loadConfig({ ...files, configPaths: ["a.yaml"], overrides: [] }))).toEqual([
      "config file not found: nope.yaml (included by a.yaml)",
    ]);
    expect(problemsOf(() => loadConfig({ ...files, configPaths: ["gone.yaml"], overrides: [] }))).toEqual([
      "config file not found: gone.yaml (listed in config_paths)",
    ]);
  });

  test("an include cycle is an error naming the cycle", () => {
    const files = fs({
      "top.yaml": "config_paths: [a.yaml]\n",
      "a.yaml": "config_paths: [b.yaml]\n",
      "b.yaml": "config_paths: [a.yaml]\n",
    });
    expect(problemsOf(() => loadConfig({ ...files, configPaths: ["top.yaml"], overrides: [] }))).toEqual([
      "config_paths cycle: a.yaml -> b.yaml -> a.yaml",
    ]);
  });

  test("the same file included twice is not a cycle", () => {
    const files = fs({ "a.yaml": "config_paths: [c.yaml]\n", "b.yaml": "config_paths: [c.yaml]\n", "c.yaml": "x: 1\n" });
    expect(loadConfig({ ...files, configPaths: ["a.yaml", "b.yaml"], overrides: [] })).toEqual({ x: 1 });
  });

  test("invalid YAML and a non-mapping top level name the file", () => {
    const files = fs({ "bad.yaml": "a: [1\n", "list.yaml": "- 1\n", "empty.yaml": "" });
    expect(problemsOf(() => loadConfig({ ...files, configPaths: ["bad.yaml"], overrides: [] }))[0]).toMatch(/^bad\.yaml: invalid YAML: /);
    expect(problemsOf(() => loadConfig({ ...files, configPaths: ["list.yaml"], overrides: [] }))).toEqual([
      "list.yaml: the top level must be a mapping",
    ]);
    expect(loadConfig({ ...files, configPaths: ["empty.yaml"], overrides: [] })).toEqual({});
  });
});

describe("interpolate", () => {
  test("an exact ${x} keeps the referenced type; embedded references stringify", () => {
    const out = interpolate({
      port: 8000,
      flag: true,
      list: [1, 2],
      obj: { k: "v" },
      p: "${port}",
      f: "${flag}",
      l: "${list}",
      o: "${obj}",
      url: "http://localhost:${port}/v1?x=${flag}&o=${obj}",
    });
    expect(out).toMatchObject({ p: 8000, f: true, l: [1, 2], o: { k: "v" }, url: 'http://localhost:8000/v1?x=true&o={"k":"v"}' });
  });

  test("nested and chained references resolve, in any order", () => {
    const out = interpolate({
      a: "${b.c}",
      b: { c: "${d}", sibling: "${b.c}-x" },
      d: "${e.0.name}",
      e: [{ name: "deep" }],
      m: "${n}",
      n: { inner: "${d}" },
      via: "${m.inner}",
    });
    expect(out).toEqual({
      a: "deep",
      b: { c: "deep", sibling: "deep-x" },
      d: "deep",
      e: [{ name: "deep" }],
      m: { inner: "deep" },
      n: { inner: "deep" },
      via: "deep",
    });
  });

  test("${oc.env:NAME[,default]} reads the environment as OmegaConf does; unset with no default is an error", () => {
    process.env.EDGE_GYM_TEST_JUDGE_URL = "http://judge:8000/v1";
    delete process.env.EDGE_GYM_TEST_UNSET;
    try {
      expect(
        interpolate({
          url: "${oc.env:EDGE_GYM_TEST_JUDGE_URL}",
          key: "${oc.env:EDGE_GYM_TEST_UNSET,null}",
          model: "${oc.env:EDGE_GYM_TEST_UNSET, nvidia/gemma}",
          quoted: "${oc.env:EDGE_GYM_TEST_UNSET,'a b'}",
          embedded: "base=${oc.env:EDGE_GYM_TEST_JUDGE_URL}",
        }),
      ).toEqual({ url: "http://judge:8000/v1", key: null, model: "nvidia/gemma", quoted: "a b", embedded: "base=http://judge:8000/v1" });
      expect(problemsOf(() => interpolate({ a: "${oc.env:EDGE_GYM_TEST_UNSET}" }))).toEqual(["a: ${oc.env:EDGE_GYM_TEST_UNSET}: environment variable EDGE_GYM_TEST_UNSET is not set (and the reference gives no default)"]);
    } finally {
      delete process.env.EDGE_GYM_TEST_JUDGE_URL;
    }
  });

  test("a sibling reference inside one mapping is not a cycle", () => {
    expect(interpolate({ a: { x: 1, y: "${a.x}" } })).toEqual({ a: { x: 1, y: 1 } });
  });

  test("a cycle is an error naming the referencing path and the cycle", () => {
    expect(problemsOf(() => interpolate({ a: "${b}", b: { c: "${a}" } }))).toEqual(["b.c: interpolation cycle a -> b.c -> a"]);
    expect(problemsOf(() => interpolate({ s: "${s}" }))).toEqual(["s: interpolation cycle s -> s"]);
  });

  test("unknown keys are errors naming the referencing path, all collected", () => {
    expect(problemsOf(() => interpolate({ a: { b: "${nope}" }, c: ["x ${a.zz} y"], d: "${a.b.c}" }))).toEqual([
      'a.b: ${nope} refers to unknown key "nope"',
      'c[0]: ${a.zz} refers to unknown key "a.zz"',
      'd: ${a.b.c} refers to unknown key "a.b.c"',
    ]);
  });

  test("every remaining ??? is listed in one error", () => {
    const config = interpolate({
      policy_base_url: "???",
      policy_model: { responses_api_models: { vllm_model: { base_url: "???", api_key: "${k}", tools: ["ok", "???"] } } },
      k: "???",
    });
    expect(problemsOf(() => assertNoMissing(config))).toEqual([
      "missing values: policy_base_url, policy_model.responses_api_models.vllm_model.base_url, " +
        "policy_model.responses_api_models.vllm_model.api_key, policy_model.responses_api_models.vllm_model.tools[1], k",
    ]);
  });
});

describe("instances", () => {
  const agent = (resourcesServer: string, model = "policy_model") => ({
    responses_api_agents: {
      simple_agent: {
        resources_server: { type: "resources_servers", name: resourcesServer },
        model_server: { type: "responses_api_models", name: model },
      },
    },
  });
  const base = {
    policy_base_url: "http://x",
    policy_model: { responses_api_models: { vllm_model: { base_url: "http://x" } } },
    example_single_tool_call: { resources_servers: { example_single_tool_call: { domain: "agent", port: 9001 } } },
    math_with_judge: { resources_servers: { math_with_judge: { domain: "math" } } },
  };

  test("withDependencies: an agent with what it references, transitively, in config order; nothing else", () => {
    const judged = { math_with_judge: { resources_servers: { math_with_judge: { judge_model_server: { type: "responses_api_models", name: "judge_model" } } } } };
    const { instances } = splitInstances({
      ...base,
      ...judged,
      judge_model: { responses_api_models: { vllm_model: { base_url: "http://j" } } },
      example_simple_agent: agent("example_single_tool_call"),
      math_simple_agent: agent("math_with_judge"),
    });
    expect(withDependencies(instances, ["math_simple_agent"]).map((i) => i.name)).toEqual(["policy_model", "math_with_judge", "judge_model", "math_simple_agent"]);
    expect(withDependencies(instances, ["example_simple_agent"]).map((i) => i.name)).toEqual(["policy_model", "example_single_tool_call", "example_simple_agent"]);
    expect(withDependencies(instances, ["no_such_agent"])).toEqual([]);
  });

  test("splits globals and instances and accepts good references", () => {
    const { globals, instances } = splitInstances({ ...base, example_simple_agent: agent("example_single_tool_call") });
    expect(globals).toEqual({ policy_base_url: "http://x" });
    expect(instances.map((i) => [i.name, i.serverType, i.implementation])).toEqual([
      ["policy_model", "responses_api_models", "vllm_model"],
      ["example_single_tool_call", "resources_servers", "example_single_tool_call"],
      ["math_with_judge", "resources_servers", "math_with_judge"],
      ["example_simple_agent", "responses_api_agents", "simple_agent"],
    ]);
    expect(instances[1]!.config).toEqual({ domain: "agent", port: 9001 });
  });

  test("an unknown reference suggests the closest name of that type", () => {
    expect(problemsOf(() => splitInstances({ ...base, example_simple_agent: agent("exmple_single_tool_call") }))).toEqual([
      'example_simple_agent.responses_api_agents.simple_agent.resources_server: no resources_servers instance "exmple_single_tool_call" (did you mean "example_single_tool_call"?)',
    ]);
  });

  test("a reference to an instance of the wrong type is an error", () => {
    expect(problemsOf(() => splitInstances({ ...base, a: agent("policy_model") }))).toEqual([
      'a.responses_api_agents.simple_agent.resources_server: no resources_servers instance "policy_model" ("policy_model" is a responses_api_models instance; did you mean "math_with_judge"?)',
    ]);
  });

  test("all reference errors are collected, at any depth", () => {
    const deep = {
      responses_api_agents: { multi: { servers: [{ ref: { type: "resources_servers", name: "mth_with_judge" } }] } },
    };
    const problems = problemsOf(() =>
      splitInstances({ ...base, a: agent("nope", "policy"), b: deep, c: agent("x") }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^a\.responses_api_agents\.simple_agent\.resources_server: no resources_servers instance "nope"/),
      'a.responses_api_agents.simple_agent.model_server: no responses_api_models instance "policy" (did you mean "policy_model"?)',
      'b.responses_api_agents.multi.servers[0].ref: no resources_servers instance "mth_with_judge" (did you mean "math_with_judge"?)',
      expect.stringMatching(/^c\.responses_api_agents\.simple_agent\.resources_server: no resources_servers instance "x"/),
    ]);
  });

  test("a reference when no instance of that type exists says so", () => {
    expect(problemsOf(() => splitInstances({ a: agent("r", "m") }))).toEqual([
      'a.responses_api_agents.simple_agent.resources_server: no resources_servers instance "r" (no resources_servers instances are defined)',
      // A NeMo Gym environment config leaves its model to another file: the message names one.
      'a.responses_api_agents.simple_agent.model_server: no responses_api_models instance "m" (no responses_api_models instances are defined; add a config that defines it: NeMo Gym\'s responses_api_models/vllm_model/configs/vllm_model.yaml, or this project\'s workers/models/vllm_model/config.yaml)',
    ]);
  });

  test("shape errors name the instance", () => {
    expect(
      problemsOf(() =>
        splitInstances({
          extra: { resources_servers: { r: {} }, other: 1 },
          two_types: { resources_servers: { r: {} }, responses_api_models: { m: {} } },
          no_impl: { resources_servers: {} },
          two_impls: { responses_api_models: { a: {}, b: {} } },
          scalar_impls: { responses_api_models: "x" },
          bad_fields: { resources_servers: { r: { port: "80", host: 1, domain: 3 } } },
          null_fields: { responses_api_models: { m: null } },
        }),
      ),
    ).toEqual([
      "extra: an instance has exactly one server type key, found resources_servers, other",
      "two_types: an instance has exactly one server type key, found resources_servers, responses_api_models",
      "no_impl.resources_servers: expected exactly one implementation key, found none",
      "two_impls.responses_api_models: expected exactly one implementation key, found a, b",
      "scalar_impls.responses_api_models: expected exactly one implementation key, found none",
      expect.stringMatching(/^bad_fields\.resources_servers\.r\.host: /),
      expect.stringMatching(/^bad_fields\.resources_servers\.r\.port: /),
      expect.stringMatching(/^bad_fields\.resources_servers\.r\.domain: /),
      expect.stringMatching(/^null_fields\.responses_api_models\.m: /),
    ]);
  });

  test("the instance schema accepts one server type with one implementation", () => {
    expect(InstanceConfig.safeParse({ resources_servers: { r: { domain: "math", extra: [1] } } }).success).toBe(true);
    expect(InstanceConfig.safeParse({ resources_servers: { r: {}, s: {} } }).success).toBe(false);
    expect(InstanceConfig.safeParse({ resources_servers: { r: {} }, other: 1 }).success).toBe(false);
    expect(InstanceConfig.safeParse({ responses_api_models: { m: { port: 1.5 } } }).success).toBe(false);
  });

  test("levenshtein", () => {
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(levenshtein("", "abc")).toBe(3);
    expect(levenshtein("same", "same")).toBe(0);
  });
});

describe("resolveConfig", () => {
  const files = {
    "configs/agent.yaml": [
      "config_paths: [model.yaml]",
      "example_single_tool_call:",
      "  resources_servers:",
      "    example_single_tool_call: {domain: agent}",
      "example_simple_agent:",
      "  responses_api_agents:",
      "    simple_agent:",
      "      resources_server: {type: resources_servers, name: example_single_tool_call}",
      "      model_server: {type: responses_api_models, name: policy_model}",
      "",
    ].join("\n"),
    "configs/model.yaml": [
      "policy_model:",
      "  responses_api_models:",
      "    vllm_model:",
      "      base_url: ${policy_base_url}",
      "      api_key: ${policy_api_key}",
      "      model: ${policy_model_name}",
      "      port: 8000",
      "",
    ].join("\n"),
    "env.yaml": "policy_base_url: http://gpu:8000/v1\npolicy_api_key: sk-secret\npolicy_model_name: ???\n",
  };

  test("load, interpolate, check and split end to end", () => {
    const resolved = resolveConfig({
      ...fs(files),
      configPaths: [],
      envYaml: "env.yaml",
      overrides: ["+config_paths=[configs/agent.yaml]", "policy_model_name=qwen3"],
    });
    expect(resolved.globals).toEqual({
      policy_base_url: "http://gpu:8000/v1",
      policy_api_key: "sk-secret",
      policy_model_name: "qwen3",
    });
    const model = resolved.instances.find((i) => i.name === "policy_model");
    expect(model?.config).toEqual({ base_url: "http://gpu:8000/v1", api_key: "sk-secret", model: "qwen3", port: 8000 });
    expect(resolved.config).not.toHaveProperty("config_paths");
    expect(Object.keys(resolved.config)).toEqual([
      "policy_model",
      "example_single_tool_call",
      "example_simple_agent",
      "policy_base_url",
      "policy_api_key",
      "policy_model_name",
    ]);
  });

  test("reports a missing value that no layer filled, through its interpolation", () => {
    expect(
      problemsOf(() => resolveConfig({ ...fs(files), configPaths: ["configs/agent.yaml"], envYaml: "env.yaml", overrides: [] })),
    ).toEqual(["missing values: policy_model.responses_api_models.vllm_model.model, policy_model_name"]);
  });

  test("ConfigError's message is the list of problems", () => {
    try {
      resolveConfig({ ...fs({}), configPaths: [], overrides: ["a=1", "b"] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toBe('override "b": expected key=value');
    }
  });
});

describe("redactSecrets", () => {
  test("replaces secret values in a deep copy, keeps flags, counts and look-alike keys", () => {
    const config = {
      policy_api_key: "sk-1",
      policy_model: {
        responses_api_models: {
          vllm_model: {
            api_key: "sk-2",
            apiKey: "sk-3",
            hf_token: "hf-1",
            headers: { Authorization: "Bearer x", "X-Api-Key": "k" },
            db: [{ password: "p", user: "u" }],
            secrets: { a: "b" },
            max_tokens: 100,
            tokenizer: "Qwen/Qwen3-8B",
            return_token_id_information: false,
            access_token: null,
          },
        },
      },
    };
    const redacted = redactSecrets(config);
    expect(redacted).toEqual({
      policy_api_key: "***",
      policy_model: {
        responses_api_models: {
          vllm_model: {
            api_key: "***",
            apiKey: "***",
            hf_token: "***",
            headers: { Authorization: "***", "X-Api-Key": "***" },
            db: [{ password: "***", user: "u" }],
            secrets: "***",
            max_tokens: 100,
            tokenizer: "Qwen/Qwen3-8B",
            return_token_id_information: false,
            access_token: null,
          },
        },
      },
    });
    expect(config.policy_api_key).toBe("sk-1");
    expect(config.policy_model.responses_api_models.vllm_model.db[0]!.password).toBe("p");
  });
});
