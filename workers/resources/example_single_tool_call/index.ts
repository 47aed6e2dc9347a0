// A tool-call demo: one get_weather tool whose answer is always "cold"; every rollout earns 1.0.
import { z } from "../../../shared/zod.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";

export { SessionDO } from "../../../durable_objects/session_do.ts";

export default defineResourcesServer({
  task: z.object({}),
  tools: {
    get_weather: tool({
      input: z.strictObject({ city: z.string() }),
      run: ({ city }) => ({ city, weather_description: `The weather in ${city} is cold.` }),
    }),
  },
  verify: () => ({ reward: 1.0 }),
});
