// A tool-call demo: one get_weather tool whose answer is always "cold"; every rollout earns 1.0.
import { z } from "../../../shared/zod.ts";
import declaration from "./declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineResourcesServer({
  declaration,
  tools: {
    get_weather: tool({
      input: z.strictObject({ city: z.string() }),
      run: ({ city }) => ({ city, weather_description: `The weather in ${city} is cold.` }),
    }),
  },
  verify: () => ({ reward: 1.0 }),
});

export default server;
export const Rpc = rpcEntrypoint(server);
