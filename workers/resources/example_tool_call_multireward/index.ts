// One get_weather call, scored on three independent 0/1 components summed into the reward:
// correctness (a call with the expected name and arguments), schema_valid (the first call's
// arguments are a JSON object with every required parameter of that tool) and format (exactly
// one call and no assistant message at all).
import { z } from "../../../shared/zod.ts";
import declaration from "./declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { callMatches, functionCalls, parseArguments } from "../../../shared/verifiers/function_calls.ts";
import type { FunctionCallItem, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const score = (ok: boolean) => (ok ? 1 : 0);

function requiredParameters(params: ResponsesCreateParams, name: string): string[] {
  const required = params.tools?.find((t) => t.name === name)?.parameters?.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : [];
}

const server = defineResourcesServer({
  declaration,
  tools: {
    get_weather: tool({
      input: z.strictObject({ city: z.string() }),
      run: ({ city }) => ({ city, weather_description: `The weather in ${city} is sunny.` }),
    }),
  },
  answerKey: "predicted_calls",
  verify(body) {
    const { output } = body.response;
    const predicted = functionCalls(output);
    const first = output.find((item): item is FunctionCallItem => item.type === "function_call");
    const parsed = first && parseArguments(first.arguments);
    const components = {
      correctness: score(predicted.some((call) => callMatches(call, body.expected_call))),
      schema_valid: score(!!first && !!parsed?.valid && requiredParameters(body.responses_create_params, first.name).every((p) => Object.hasOwn(parsed.args, p))),
      format: score(predicted.length === 1 && !output.some((item) => item.type === "message")),
    };
    return {
      reward: components.correctness + components.schema_valid + components.format,
      reward_components: components,
      ...components,
      predicted_calls: predicted,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
