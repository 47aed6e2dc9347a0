// Synonym extraction: look up the value of each synonym of the term the query is about, then
// extract them in listed order. Scored on the last extract_synonym_values call.
import { z } from "../../../shared/zod.ts";
import declaration from "./declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

/** A synonym's value: the sum of its code points ("Hot" is 72 + 111 + 116 = 299). */
const synonymValue = (synonym: string) => [...synonym].reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0);

const SynonymValues = z.array(z.number().int());
// Verify reads only synonym_values from the call's arguments; other keys do not matter there.
const ExtractedArgs = z.object({ synonym_values: SynonymValues });

/** The values of the last extract_synonym_values call; [] when there is none or it cannot be read. */
function lastExtracted(output: readonly Item[]): number[] {
  const call = output.findLast((item) => item.type === "function_call" && item.name === "extract_synonym_values");
  if (call?.type !== "function_call") return [];
  try {
    return ExtractedArgs.safeParse(JSON.parse(call.arguments)).data?.synonym_values ?? [];
  } catch {
    return [];
  }
}

const server = defineResourcesServer({
  declaration,
  tools: {
    get_synonym_value: tool({
      input: z.strictObject({ synonym: z.string() }),
      run: ({ synonym }) => ({ synonym_value: synonymValue(synonym) }),
    }),
    extract_synonym_values: tool({
      input: z.strictObject({ synonym_values: SynonymValues }),
      run: () => ({ success: true }),
    }),
  },
  verify(body) {
    const expected = body.expected_synonym_values;
    const parsed = lastExtracted(body.response.output);
    const accuracy = parsed.length === expected.length && parsed.every((v, i) => v === expected[i]);
    // Over the expected list's length (not its distinct values), as the reference computes it.
    const setOverlap = new Set(parsed.filter((v) => expected.includes(v))).size / expected.length;
    return {
      reward: accuracy ? 1.0 : 0.0,
      parsed_synonym_values: parsed,
      accuracy,
      set_overlap: setOverlap,
      // Values are integers, so the term itself can only show up as its value.
      original_term_minefield_hit: parsed.includes(body.minefield_label_value),
      // Every expected value was extracted, but the list is not the expected one (order, extras).
      order_instruction_following_failure: !accuracy && setOverlap === 1,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
