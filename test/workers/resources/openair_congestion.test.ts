import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/openair_congestion/index.ts";
import { pyIntOfText, pyRepr, parseCall } from "../../../workers/resources/openair_congestion/arguments.ts";
import { OpenAirConfig } from "../../../workers/resources/openair_congestion/declaration.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

// Expected values come from NeMo Gym's openair_congestion (07d6b0d): its recorded scripted
// rollouts (data/example_rollouts.jsonl), and its ReplayEnv run on the action sequences below
// (under Python 3.12's compensated sum(), with which the recordings were made).
type Row = Record<string, unknown>;
const prompt = { input: [{ role: "system", content: "You operate a 5G RAN." }, { role: "user", content: "Choose one tool call." }] };
const row = (seed: number, difficulty: number, regime_mix: Record<string, number> | undefined, max_steps: number): Row => ({ seed, difficulty, regime_mix, max_steps, responses_create_params: prompt });
const fc = (name: string, args: string, id = "call_0") => ({ type: "function_call", call_id: id, name, arguments: args });
const turn = (r: Row, output: unknown[], extra: Row = {}) => ({ ...r, ...extra, response: { id: "resp", output } });
const open = (config: Row = {}) => client(server, serverEnv("openair_congestion", { INSTANCE_CONFIG: config }));

async function play(r: Row, actions: [string, string][], config: Row = {}) {
  const s = open(config);
  const reset = await s.post("/reset", r);
  expect(reset.status).toBe(200);
  const steps = [];
  for (const [name, args] of actions) {
    const step = await s.post("/step", turn(r, [fc(name, args)]));
    expect(step.status).toBe(200);
    steps.push(step.body);
  }
  return { reset: reset.body, steps };
}

describe("openair_congestion: the reference's recorded rollouts", () => {
  const ul = '{"cell_id": 0, "p0_dbm": 10.0, "alpha": 1.0}';
  test("row 1 (prb_exhaustion): the observations, step rewards and terms, to the last digit", async () => {
    const { reset, steps } = await play(row(7001, 0.6, { prb_exhaustion: 1.0 }, 2), [["set_ul_power_control", ul], ["noop", "{}"]]);
    expect(reset.observation).toBe(
      "5G RAN telemetry @ t=0.0s (step 0, tier replay):\nKPI source: replay. Telemetry is synthetic and should be treated as benchmark data, not measured OAI/FlexRIC KPM.\n" +
        "- Cell 0: DL PRB util p50=100%, p99=100%; UL PRB util p50=40%; sched latency p99 25ms; Jain fairness 1.00; PRACH collision rate 0%; 2 UEs RRC-connected; 0 SLA violation(s) in last 5s.\n" +
        "    UE 0 (5QI 9): offered 33.6 Mbps, delivered 30.3 Mbps, SINR 9.4 dB, BLER 15%, mean MCS 17, buffer 164 kB, PDB violations 0 (ok).\n" +
        "    UE 1 (5QI 9): offered 33.6 Mbps, delivered 29.7 Mbps, SINR 8.2 dB, BLER 13%, mean MCS 16, buffer 196 kB, PDB violations 0 (ok).\n" +
        "- Cell 1: DL PRB util p50=100%, p99=100%; UL PRB util p50=40%; sched latency p99 25ms; Jain fairness 1.00; PRACH collision rate 0%; 2 UEs RRC-connected; 0 SLA violation(s) in last 5s.\n" +
        "    UE 0 (5QI 9): offered 33.6 Mbps, delivered 30.1 Mbps, SINR 8.9 dB, BLER 19%, mean MCS 17, buffer 173 kB, PDB violations 0 (ok).\n" +
        "    UE 1 (5QI 9): offered 33.6 Mbps, delivered 29.9 Mbps, SINR 10.0 dB, BLER 12%, mean MCS 18, buffer 187 kB, PDB violations 0 (ok).\n" +
        "Choose one tool call (or noop) to address congestion now. Output only the tool call.",
    );
    expect(reset.info).toMatchObject({ seed: 7001, tier: "replay", backend: "replay", supports_explicit_close: true, reward_profile: "openair_v1" });
    expect(steps[0]!.reward).toBe(-0.3997636685661762);
    // The call is echoed as Python's repr of its arguments, in the order written, floats with their ".0".
    expect(steps[0]!.observation).toContain("Last action: set_ul_power_control({'cell_id': 0, 'p0_dbm': 10.0, 'alpha': 1.0}); last reward: -0.3997636685661762.\n");
    expect(steps[1]).toMatchObject({ reward: -0.41440121413202063, terminated: true, truncated: false });
    const terms = { action: -0.0, delta_fair: 6.642384293820136e-5, delta_sla: 0.0, delta_tput: -0.01446763797495881, level_access: -0.0, level_buffer: -0.0, level_fair: -0.0, level_prb: -0.4, level_sla: -0.0, reject: 0.0, total: -0.41440121413202063 };
    // (A -0.0 term crosses JSON as 0, as JSON.stringify writes it; the values are equal.)
    for (const [key, value] of Object.entries(terms)) expect(steps[1]!.info.reward_terms[key] === value, key).toBe(true);
    expect(steps[1]!.info.reward_measurements).toMatchObject({ aggregate_delivered_mbps: 119.13194172150247, delta_delivered_mbps: -0.8680582784975286, mean_jain_fairness: 0.9999905241582747, prb_pressure: 1.0, n_ues: 4 });
  });

  test.each([
    [7002, 0.5, "bursty", "set_ul_power_control", ul, [-0.39327288868527266, -0.39979426552312536]],
    [7003, 0.7, "interference", "set_handover_trigger", '{"cell_id": 0, "a3_offset_db": -24.0, "ttt_ms": 0}', [-0.6816482177360449, -0.8177078643851968]],
    [7004, 0.6, "prach_storm", "set_ul_power_control", ul, [-0.6800399022920092, -0.7154525758474126]],
    [7005, 0.6, "qos_competition", "set_scheduler_policy", '{"cell_id": 0, "policy": "RR"}', [-0.2998481356497645, -0.4778217652850595]],
  ])("seed %i (%s, %s): the recorded step rewards", async (seed, difficulty, regime, name, args, rewards) => {
    const { steps } = await play(row(seed, difficulty, { [regime]: 1.0 }, 2), [[name, args], ["noop", "{}"]]);
    expect(steps.map((s) => s.reward)).toEqual(rewards);
  });
});

describe("openair_congestion: the replay dynamics (values from the reference's ReplayEnv)", () => {
  test("every actuator's setpoint, persistent and combined, PRB caps solved jointly, a cap lifted", async () => {
    const { steps } = await play(row(7005, 0.6, { qos_competition: 1.0 }, 12), [
      ["set_qos_weights", '{"cell_id": 1, "weights": {"9": 2.0, "1": 0.5}}'],
      ["set_prb_cap", '{"cell_id": 0, "target": "ue", "target_id": 1, "max_prb": 120}'],
      ["set_prb_cap", '{"cell_id": 0, "target": "ue", "target_id": 1, "max_prb": 120}'],
      ["set_admission_policy", '{"cell_id": 1, "accept_threshold_pct": 50.0, "slice_reservation": {}}'],
      ["set_mcs_bounds", '{"cell_id": 0, "mcs_min": 5, "mcs_max": 20, "target_bler": 0.1}'],
      ["set_scheduler_policy", '{"cell_id": 1, "policy": "MaxCI"}'],
      ["set_handover_trigger", '{"cell_id": 0, "a3_offset_db": 3.0, "ttt_ms": 640}'],
      ["set_ul_power_control", '{"cell_id": 1, "p0_dbm": -90, "alpha": 0.8}'],
      ["set_prb_cap", '{"cell_id": 0, "target": "ue", "target_id": 0, "max_prb": 60}'],
      ["set_prb_cap", '{"cell_id": 0, "target": "ue", "target_id": 1, "max_prb": 273}'],
      ["set_mcs_bounds", '{"cell_id": 0, "mcs_min": 20, "mcs_max": 10, "target_bler": 0.1}'],
      ["noop", "{}"],
    ]);
    expect(steps.map((s) => s.reward)).toEqual([
      -0.4094314689830978, -1.4811460002406267, -0.9168502103365385, -1.2004152419913532, -0.5584177546648939, -0.6832904106822769, -0.48957771665872474, -0.504819875889359,
      -2.7382181763062863, 0.5703932213914266, -1.019699032207428, -0.5484007238258835,
    ]);
    // A dict's keys echo in the order written (a JavaScript object would put "1" first).
    expect(steps[0]!.observation).toContain("    UE 0 (5QI 1): offered 18.0 Mbps, delivered 17.0 Mbps, SINR 8.4 dB, BLER 21%, mean MCS 16, buffer 276 kB, PDB violations 0 (ok).\n");
    expect(steps[0]!.observation).toContain("Last action: set_qos_weights({'cell_id': 1, 'weights': {'9': 2.0, '1': 0.5}}); last reward: -0.4094314689830978.");
    // The identical cap a step later is rejected; the cap at 120 of 273 PRBs sheds throughput.
    expect(steps[2]!.info).toMatchObject({ guardrail_accepted: false, rejection_reason: "set_prb_cap: identical-action repeat within 2s window" });
    expect(steps[1]!.info.prb_cap_dynamics["0"].active_setpoints).toEqual({ 1: 120 });
    expect(steps[9]!.info.prb_cap_dynamics["0"].active_setpoints).toEqual({ 0: 60 });
    expect(steps[11]).toMatchObject({ terminated: true, info: { step_idx: 12, n_steps: 12 } });
  });

  test("admission drops the highest UE ids; a cap on a UE no longer admitted is rejected; a repeat two steps on is accepted again", async () => {
    const { steps } = await play(row(123, 0.2, undefined, 8), [
      ["set_admission_policy", '{"cell_id": 0, "accept_threshold_pct": 10, "slice_reservation": {}}'],
      ["set_prb_cap", '{"cell_id": 0, "target": "ue", "target_id": 1, "max_prb": 5}'],
      ["set_prb_cap", '{"cell_id": 1, "target": "ue", "target_id": 1, "max_prb": 5}'],
      ["set_scheduler_policy", '{"cell_id": 1, "policy": "RR"}'],
      ["set_scheduler_policy", '{"cell_id": 1, "policy": "RR"}'],
      ["noop", "{}"],
      ["noop", "{}"],
      ["set_scheduler_policy", '{"cell_id": 1, "policy": "RR"}'],
    ]);
    expect(steps.map((s) => s.reward)).toEqual([
      -0.6959829480240773, -0.6882281974253939, -3.1261615966946708, -0.55416365353581, -1.0517013658452437, -0.4982467784269345, -0.47447084357982394, -0.4863870373896363,
    ]);
    expect(steps[1]!.observation).toBe(
      "5G RAN telemetry @ t=2.0s (step 2, tier replay):\nKPI source: replay. Telemetry is synthetic and should be treated as benchmark data, not measured OAI/FlexRIC KPM.\n" +
        "- Cell 0: DL PRB util p50=75%, p99=89%; UL PRB util p50=30%; sched latency p99 23ms; Jain fairness 1.00; PRACH collision rate 0%; 1 UEs RRC-connected; 0 SLA violation(s) in last 5s.\n" +
        "    UE 0 (5QI 9): offered 24.4 Mbps, delivered 23.2 Mbps, SINR 8.3 dB, BLER 14%, mean MCS 16, buffer 57 kB, PDB violations 0 (ok).\n" +
        "- Cell 1: DL PRB util p50=81%, p99=95%; UL PRB util p50=32%; sched latency p99 24ms; Jain fairness 1.00; PRACH collision rate 0%; 2 UEs RRC-connected; 0 SLA violation(s) in last 5s.\n" +
        "    UE 0 (5QI 9): offered 24.4 Mbps, delivered 23.9 Mbps, SINR 7.1 dB, BLER 11%, mean MCS 15, buffer 23 kB, PDB violations 0 (ok).\n" +
        "    UE 1 (5QI 9): offered 24.4 Mbps, delivered 24.3 Mbps, SINR 9.5 dB, BLER 14%, mean MCS 17, buffer 5 kB, PDB violations 0 (ok).\n" +
        "Last action: set_prb_cap({'cell_id': 0, 'target': 'ue', 'target_id': 1, 'max_prb': 5}); last reward: -0.6882281974253939, REJECTED (set_prb_cap: target_id=1 not present in cell 0; valid ids=[0]).\n" +
        "Choose one tool call (or noop) to address congestion now. Output only the tool call.",
    );
    expect(steps.map((s) => s.info.guardrail_accepted)).toEqual([true, false, true, true, false, true, true, true]);
  });

  test("mixed regimes, extreme setpoints", async () => {
    const { steps } = await play(row(99, 1.0, { prach_storm: 0.5, interference: 0.25, qos_competition: 0.25 }, 6), [
      ["set_mcs_bounds", '{"cell_id": 0, "mcs_min": 25, "mcs_max": 27, "target_bler": 0.0}'],
      ["set_ul_power_control", '{"cell_id": 0, "p0_dbm": 23, "alpha": 1}'],
      ["set_handover_trigger", '{"cell_id": 1, "a3_offset_db": 24, "ttt_ms": 5120}'],
      ["set_qos_weights", '{"cell_id": 1, "weights": {"1": 10, "9": 0.1}}'],
      ["set_prb_cap", '{"cell_id": 1, "target": "ue", "target_id": 1, "max_prb": 100}'],
      ["set_scheduler_policy", '{"cell_id": 0, "policy": "MaxCI"}'],
    ]);
    expect(steps.map((s) => s.reward)).toEqual([-0.18146227305549295, -2.3811958162750875, -1.4493380335617478, 0.07940729660026, -1.7710535019274254, -1.2024635707410027]);
    // Ints stay ints in the echo.
    expect(steps[1]!.observation).toContain("Last action: set_ul_power_control({'cell_id': 0, 'p0_dbm': 23, 'alpha': 1}); ");
  });
});

describe("openair_congestion: the guardrail rejects unsafe calls, scored as rejected", () => {
  test("each check's reason, word for word; a rejected step costs 0.5 and earns no improvement", async () => {
    const { steps } = await play(row(7003, 0.7, { interference: 1.0 }, 14), [
      ["set_scheduler_policy", '{"cell_id": 5, "policy": "RR"}'],
      ["set_prb_cap", '{"cell_id": 0, "target": "ue", "target_id": 0, "max_prb": 0}'],
      ["set_qos_weights", '{"cell_id": 0, "weights": {"abc": 1}}'],
      // Python's int() reads " 1_0 " as 10; 200 is no 5QI.
      ["set_qos_weights", '{"cell_id": 0, "weights": {" 1_0 ": 3, "200": 1}}'],
      ["set_ul_power_control", '{"cell_id": 0, "p0_dbm": 0, "alpha": 0.45}'],
      ["set_handover_trigger", '{"cell_id": 1, "a3_offset_db": -6, "ttt_ms": 7}'],
      ["set_admission_policy", '{"cell_id": 0, "accept_threshold_pct": 0, "slice_reservation": {}}'],
      ["set_scheduler_policy", '{"cell_id": 0, "policy": "XYZ"}'],
      ["set_prb_cap", '{"cell_id": 1, "target": "ue", "target_id": 7, "max_prb": 10}'],
      ["set_mcs_bounds", '{"cell_id": 1, "mcs_min": 0, "mcs_max": 0, "target_bler": 0.1}'],
      // An integer written 1.0 has the integer's shape (no protocol violation) but is no Python int.
      ["set_scheduler_policy", '{"cell_id": 1.0, "policy": "RR"}'],
      ["set_handover_trigger", '{"cell_id": 1, "a3_offset_db": -24.0, "ttt_ms": 0}'],
      ["set_qos_weights", '{"cell_id": 0, "weights": {"1": 0, "9": 0.0}}'],
      ["set_mcs_bounds", '{"cell_id": 1, "mcs_min": 3, "mcs_max": 27, "target_bler": 0.6}'],
    ]);
    expect(steps.map((s) => s.info.rejection_reason)).toEqual([
      "set_scheduler_policy: cell_id=5 out of range [0,2)",
      "set_prb_cap: max_prb=0 starves the ue entirely (catastrophic)",
      "set_qos_weights: 5QI key 'abc' not an integer",
      "set_qos_weights: 5QI 200 out of [1,127]",
      "set_ul_power_control: alpha=0.45 not in (0.0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)",
      "set_handover_trigger: ttt_ms=7 not in 38.331 set",
      "set_admission_policy: accept_threshold_pct=0 rejects all admissions (catastrophic)",
      "set_scheduler_policy: policy='XYZ' not in ('PF', 'RR', 'MaxCI')",
      "set_prb_cap: target_id=7 not present in cell 1; valid ids=[0, 1]",
      "set_mcs_bounds: mcs_max=0 zeroes throughput (catastrophic)",
      "set_scheduler_policy: cell_id=1.0 out of range [0,2)",
      null,
      "set_qos_weights: all weights zero (catastrophic)",
      "set_mcs_bounds: target_bler=0.6 out of [0,0.5]",
    ]);
    expect(steps.map((s) => s.reward)).toEqual([
      -1.3397024416016903, -1.3378225536816906, -1.3117571332015894, -1.3369330028259248, -1.3273906163970366, -1.3281722443558988, -1.3169558501534906, -1.3229334924893579,
      -1.3149001038274108, -1.3282399650646863, -1.3479876851994068, -0.6118000613073246, -1.3326317093906046, -1.3178681439616062,
    ]);
    const rejected = steps[0]!;
    expect(rejected.info).toMatchObject({ guardrail_accepted: false, reward_terms: { reject: -0.5 } });
    expect(rejected.info.protocol_violation).toBeUndefined();
    expect(rejected.info.reward_terms.delta_tput).toBeLessThanOrEqual(0);
    expect(rejected.info.tool_outputs).toEqual([{ call_id: "call_0", output: '{"accepted": false, "rejection_reason": "set_scheduler_policy: cell_id=5 out of range [0,2)", "step_idx": 1}' }]);
    expect(rejected.observation).toContain("last reward: -1.3397024416016903, REJECTED (set_scheduler_policy: cell_id=5 out of range [0,2)).");
  });
});

describe("openair_congestion: protocol violations advance as noop, less the penalty", () => {
  const r = row(7001, 0.6, { prb_exhaustion: 1.0 }, 4);
  const firstNoopReward = async () => (await play(r, [["noop", "{}"]])).steps[0]!.reward as number;

  test.each([
    ["no tool call", [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "noop", annotations: [] }] }], "no_tool_call"],
    ["two calls", [fc("noop", "{}", "a"), fc("noop", "{}", "b")], "multiple_tool_calls"],
    ["malformed JSON", [fc("noop", "[")], "invalid_tool_call"],
    ["arguments that are no object", [fc("noop", "[]")], "invalid_tool_call"],
    ["NaN", [fc("set_qos_weights", '{"cell_id": 0, "weights": {"1": NaN}}')], "invalid_tool_call"],
    ["a repeated key", [fc("set_scheduler_policy", '{"cell_id": 0, "cell_id": 1, "policy": "PF"}')], "invalid_tool_call"],
    ["booleans for integers", [fc("set_prb_cap", '{"cell_id": false, "target": "ue", "target_id": false, "max_prb": true}')], "invalid_tool_call"],
    ["an extra argument", [fc("noop", '{"unexpected": 1}')], "invalid_tool_call"],
    ["a missing argument", [fc("set_scheduler_policy", '{"cell_id": 0}')], "invalid_tool_call"],
    ["an unknown tool", [fc("open_pod_bay_doors", "{}")], "invalid_tool_call"],
    ["a string weight", [fc("set_qos_weights", '{"cell_id": 0, "weights": {"1": "2"}}')], "invalid_tool_call"],
    ["a slice reservation (slices are not modeled)", [fc("set_admission_policy", '{"cell_id": 0, "accept_threshold_pct": 50, "slice_reservation": {"1": 10}}')], "invalid_tool_call"],
    ["a 1.5 for an integer", [fc("set_prb_cap", '{"cell_id": 0, "target": "ue", "target_id": 0, "max_prb": 1.5}')], "invalid_tool_call"],
  ])("%s", async (_, output, error) => {
    const noop = await firstNoopReward();
    const s = open();
    await s.post("/reset", r);
    const step = await s.post("/step", turn(r, output));
    expect(step.status).toBe(200);
    expect(step.body.reward).toBe(noop - 1.0);
    expect(step.body).toMatchObject({ terminated: false, truncated: false });
    expect(step.body.info).toMatchObject({
      error,
      protocol_violation: true,
      guardrail_accepted: false,
      applied_fallback_action: { name: "noop", arguments: {} },
      reward_terms: { protocol_violation: -1.0, total: noop - 1.0 },
      n_steps: 1,
    });
    expect(step.body.observation).toContain(`Last action: noop({}); last reward: ${noop - 1.0}, REJECTED (`);
  });

  test("a whole episode of violations scores noop's episode less the penalty at every step, and ends no sooner", async () => {
    const noops = (await play(r, Array(4).fill(["noop", "{}"]))).steps;
    const s = open({ protocol_violation_penalty: -2.5 });
    await s.post("/reset", r);
    const bad = [];
    for (let i = 0; i < 4; i++) bad.push((await s.post("/step", turn(r, [fc("noop", "not json")]))).body);
    expect(bad.map((b) => b.reward)).toEqual(noops.map((n) => n.reward - 2.5));
    expect(bad.map((b) => b.terminated)).toEqual([false, false, false, true]);
  });

  test("a 500 KB hostile call is read in linear time and scored, never a server error", async () => {
    const weights = `{${Array.from({ length: 40_000 }, (_, i) => `"k${i}": 1`).join(", ")}}`;
    const calls: [string, string][] = [
      ["set_qos_weights", `{"cell_id": 0, "weights": ${weights}}`],
      ["set_qos_weights", `{"cell_id": 0, "weights": {"${"1".repeat(500_000)}": 1}}`],
      ["noop", "[".repeat(250_000) + "]".repeat(250_000)],
      ["noop", `{"a": ${"9".repeat(500_000)}}`],
      ["noop", `{"a": "${"\\\\".repeat(250_000)}"`],
      ["noop", " ".repeat(500_000)],
    ];
    const s = open();
    await s.post("/reset", row(7001, 0.6, undefined, 16));
    for (const [name, args] of calls) {
      const started = performance.now();
      const step = await s.post("/step", turn(r, [fc(name, args)]));
      expect(step.status).toBe(200);
      expect(Number.isFinite(step.body.reward)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});

describe("openair_congestion: arguments as Python reads them", () => {
  test("int() of a 5QI key: whitespace, a sign, underscores between digits, any script's digits (values from CPython)", () => {
    expect(["\u0661\u0662", "\uff11", "\u{1d7d7}", " +7 ", "1_0", "-3"].map(pyIntOfText)).toEqual([12n, 1n, 9n, 7n, 10n, -3n]);
    expect(["1__0", "_1", "1.0", "", "0x10", "1".repeat(4301)].map(pyIntOfText)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  test("ints and floats kept apart, keys in the order written, echoed as repr", () => {
    const call = parseCall("set_qos_weights", '{"weights": {"9": 1e0, "10": 2, "1": -0.0}, "cell_id": 0}');
    expect(pyRepr(call.arguments)).toBe("{'weights': {'9': 1.0, '10': 2, '1': -0.0}, 'cell_id': 0}");
    expect(pyRepr(parseCall("noop", " \u00a0\n").arguments)).toBe("{}");
  });
});

describe("openair_congestion: the episode", () => {
  const r = row(7002, 0.5, { bursty: 1.0 }, 100);

  test("the horizon is the row's max_steps capped at agent_max_steps (or max_steps_default); then the state is released", async () => {
    const s = open({ agent_max_steps: 3 });
    await s.post("/reset", r);
    const ends = [];
    for (let i = 0; i < 3; i++) ends.push((await s.post("/step", turn(r, [fc("noop", "{}")]))).body.terminated);
    expect(ends).toEqual([false, false, true]);
    expect((await s.post("/step", turn(r, [fc("noop", "{}")]))).status).toBe(409);
    const fallback = open({ max_steps_default: 2 });
    await fallback.post("/reset", { ...r, max_steps: undefined });
    await fallback.post("/step", turn(r, [fc("noop", "{}")]));
    expect((await fallback.post("/step", turn(r, [fc("noop", "{}")]))).body.terminated).toBe(true);
  });

  test("a retried step (the same _ng_step_request_id) gets the same answer; another id plays on", async () => {
    const s = open();
    await s.post("/reset", r);
    const first = await s.post("/step", turn(r, [fc("noop", "{}")], { _ng_step_request_id: "a" }));
    const again = await s.post("/step", turn(r, [fc("noop", "{}")], { _ng_step_request_id: "a" }));
    expect(again.body).toEqual(first.body);
    const next = await s.post("/step", turn(r, [fc("noop", "{}")], { _ng_step_request_id: "b" }));
    expect(next.body.info).toMatchObject({ n_steps: 2, step_idx: 2 });
    expect((await s.post("/step", turn(r, [fc("noop", "{}")], { _ng_step_request_id: "" }))).status).toBe(400);
  });

  test("an episode idle past session_ttl_s is gone", async () => {
    const s = open({ session_ttl_s: 0.001 });
    await s.post("/reset", r);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const step = await s.post("/step", turn(r, [fc("noop", "{}")]));
    expect(step.status).toBe(409);
  });

  test("bad rows are 400s with field paths", async () => {
    for (const [bad, path] of [
      [{ difficulty: 1.5 }, "difficulty"],
      [{ seed: -1 }, "seed"],
      [{ max_steps: 0 }, "max_steps"],
      [{ tier: "t2" }, "tier"],
      [{ regime_mix: { storm: 1.0 } }, "regime_mix"],
      [{ regime_mix: { bursty: 0.5 } }, "regime_mix"],
    ] as const) {
      const reset = await open().post("/reset", { ...r, ...bad });
      expect(reset.status, path).toBe(400);
      expect(String(reset.body.error.issues[0].path)).toMatch(new RegExp(`^${path}`));
    }
  });

  test("config: only the replay backend; the penalty must be negative", () => {
    const dataset = OpenAirConfig.safeParse({ backend: "dataset_replay" });
    expect(dataset.success).toBe(false);
    expect(dataset.error?.issues[0]?.message).toContain("only backend: replay is bundled");
    expect(OpenAirConfig.safeParse({ protocol_violation_penalty: 0 }).success).toBe(false);
    expect(OpenAirConfig.parse({})).toMatchObject({ backend: "replay", pool_size: 32, max_steps_default: 60, agent_max_steps: 16, session_ttl_s: 3600, protocol_violation_penalty: -1 });
  });
});
