// Blackjack (NeMo Gym's blackjack): the model hits or stands with <action> tags until the hand
// ends; win +1, draw 0, bust or loss -1. A row's seed shuffles the deck (game.ts).
import { defineEpisodeServer } from "../../../shared/resources/episode.ts";
import { rowSeed } from "../../../shared/resources/seed.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import declaration from "./declaration.ts";
import { dealerPlays, deal, decision, formatHand, handValue, hit, observation, settle } from "./game.ts";

import { episodeSessionDO } from "../../../durable_objects/session_do.ts";
import { serveOpenEnv } from "../../../shared/openenv/route.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineEpisodeServer({
  declaration,
  reset(row) {
    const table = deal(rowSeed(row));
    return { observation: observation(table), state: table };
  },
  step(table, action) {
    if (decision(assistantText(action.output)) === "hit") {
      const next = hit(table);
      const value = handValue(next.player);
      if (value > 21) return { reward: -1, terminated: true, info: { result: "bust", player: formatHand(next.player), value }, state: next };
      return { observation: observation(next), reward: 0, state: next };
    }
    const final = dealerPlays(table);
    const { result, reward } = settle(final);
    const info = {
      result,
      player: formatHand(final.player),
      player_value: handValue(final.player),
      dealer: formatHand(final.dealer),
      dealer_value: handValue(final.dealer),
    };
    return { reward, terminated: true, info, state: final };
  },
});

// OpenEnv's reset/step/state over a WebSocket at GET /ws, held by this server's SessionDO (docs/openenv.md).
serveOpenEnv(server);
export const SessionDO = episodeSessionDO(server);

export default server;
export const Rpc = rpcEntrypoint(server);
