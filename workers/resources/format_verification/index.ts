// Formatting only, never content: a freeform row (verifier.type "regex") passes when enough lines
// of the reply match one of its patterns; a citation row ("string_match") passes when every
// expected marker appears and its patterns find no other. Binary; match_details says why.
import declaration from "./declaration.ts";
import { checkMarkers, countMatchingLines } from "./checks.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body) {
    // Every output_text part joined as it is, as the reference reads the reply.
    const text = joinedOutputText(body.response.output);
    const v = body.verifier;
    return v.type === "string_match"
      ? checkMarkers(text, v.expected_markers ?? [], v.patterns ?? [])
      : countMatchingLines(text, v.verify_regex ?? [], v.verify_min_matches ?? 1);
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
