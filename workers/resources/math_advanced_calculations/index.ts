// Math in an alternate universe: the model must reach the row's values with this server's
// calculators (calculators.ts), whose rules differ from ordinary arithmetic. Verify reads the
// outputs of the calls the rollout made ({"solution": x} each; any other output counts as none):
// every ground-truth value must be among them, as an exact float, as the reference compares them.
import declaration from "./declaration.ts";
import { CALCULATOR_NAMES, CalculatorInput, calculate } from "./calculators.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import type { Tool } from "../../../shared/resources/define.ts";
import { pythonEqual } from "../../../shared/verifiers/json_equal.ts";
import { pythonFloat } from "../../../shared/verifiers/python_float.ts";
import { parseExact } from "../../../shared/json/exact.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

/** float(json.loads(output)["solution"]); null where any step raises. */
function solutionOf(output: unknown): number | null {
  if (typeof output !== "string") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || !Object.hasOwn(parsed, "solution")) return null;
  const value = (parsed as Record<string, unknown>).solution;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") return pythonFloat(value) ?? null;
  return null;
}

/** The solution of every tool output in the response, in order (null for those without one). */
const solutions = (output: readonly Item[]) => output.flatMap((item) => (item.type === "function_call_output" ? [solutionOf(item.output)] : []));

/** Python's `value in solutions`: a ground-truth number equal to a solution (ints and floats alike), or None to an output without one. */
const found = (value: unknown, values: readonly (number | null)[]) => values.some((s) => (value === null ? s === null : s !== null && pythonEqual(value, s)));

const tools: Record<string, Tool> = Object.fromEntries(
  CALCULATOR_NAMES.map((name) => [
    name,
    tool({
      input: CalculatorInput,
      run: (args) => {
        const solution = calculate(name, args);
        // A whole float keeps its ".0" in the JSON, as Python writes it.
        return { solution: Number.isInteger(solution) ? new Number(solution) : solution };
      },
    }),
  ]),
);

const server = defineResourcesServer({
  declaration,
  tools,
  verify(body) {
    const truths = parseExact(body.ground_truth) as unknown[];
    const made = solutions(body.response.output);
    return { reward: truths.every((truth) => found(truth, made)) ? 1 : 0 };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
