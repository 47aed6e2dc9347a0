// The scripted multi-turn example (NeMo Gym's example_multi_turn_gymnasium): after each reply the
// next of the row's follow_ups (reward 0, the episode goes on); after the reply to the last one,
// reward 1 if it contains expected_answer (ignoring case), else 0, and the episode ends.
import { defineEpisodeServer } from "../../../shared/resources/episode.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import declaration from "./declaration.ts";

import { episodeSessionDO } from "../../../durable_objects/session_do.ts";
import { serveOpenEnv } from "../../../shared/openenv/route.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineEpisodeServer({
  declaration,
  reset: () => ({ state: { turn: 0 } }),
  step({ turn }, action, row) {
    const followUp = row.follow_ups[turn];
    if (followUp !== undefined) return { observation: followUp, reward: 0, state: { turn: turn + 1 } };
    const expected = row.expected_answer.toLowerCase();
    const reward = expected !== "" && assistantText(action.output).toLowerCase().includes(expected) ? 1 : 0;
    return { reward, terminated: true, state: { turn } };
  },
});

// OpenEnv's reset/step/state over a WebSocket at GET /ws, held by this server's SessionDO (docs/openenv.md).
serveOpenEnv(server);
export const SessionDO = episodeSessionDO(server);

export default server;
export const Rpc = rpcEntrypoint(server);
