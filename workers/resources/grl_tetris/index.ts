// Tetris (NeMo Gym's grl_tetris): each turn's `<action>` tags are played in order (action.ts), the
// rules and rewards those of the reference's environment (tetris.ts); a turn with no move tag is
// refused (400 invalid_action: the agent ends the episode there, scored). The step's reward is its
// moves' rewards summed; the game ends at the first cleared row or when a landed piece reaches the
// top row, and its last board is then sent bare, without the legend (as the reference sends it).
import { defineEpisodeServer } from "../../../shared/resources/episode.ts";
import { rowSeed } from "../../../shared/resources/seed.ts";
import { INVALID_ACTION } from "../../../shared/schemas/episode.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { parseActions } from "./action.ts";
import declaration from "./declaration.ts";
import { ACTIONS, newGame, play, render } from "./tetris.ts";
import type { Game, MoveInfo } from "./tetris.ts";

import { episodeSessionDO } from "../../../durable_objects/session_do.ts";
import { serveOpenEnv } from "../../../shared/openenv/route.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Episode {
  game: Game;
  totalReward: number;
}

// The reference's observation, word for word: it is what the recorded rollouts hold after every
// turn, and parity compares them.
const observation = (board: string): string =>
  `Tetris board:\n${board}\n\n` +
  "Legend: _=empty, #=settled block, X=falling piece.\n" +
  "Respond with one or more moves using <action>Left</action>, <action>Right</action>, " +
  "or <action>Down</action>. Multiple action tags in one turn are applied in order.";

const server = defineEpisodeServer({
  declaration,
  reset(row) {
    const game = newGame(rowSeed(row), row.dim_x, row.dim_y, row.box_type);
    return { observation: observation(render(game)), state: { game, totalReward: 0 } satisfies Episode };
  },
  step(episode: Episode, action) {
    const ids = parseActions(joinedOutputText(action.output));
    if (ids.length === 0) throw new HttpError(400, INVALID_ACTION, "No <action>Left|Right|Down</action> tags found in response.");
    const { game } = episode;
    let { totalReward } = episode;
    let reward = 0;
    let done = false;
    let board = "";
    let last: MoveInfo | undefined;
    const actions: { action_id: number; action_label: string; reward: number; info: MoveInfo }[] = [];
    for (const id of ids) {
      const move = play(game, id);
      reward += move.reward;
      totalReward += move.reward;
      board = move.observation;
      last = move.info;
      actions.push({ action_id: id, action_label: ACTIONS[id]!, reward: move.reward, info: move.info });
      if ((done = move.done)) break;
    }
    const info = { ...last, total_reward: totalReward, num_actions_applied: actions.length, actions };
    return { observation: done ? board : observation(board), reward, terminated: done, info, state: { game, totalReward } };
  },
});

// OpenEnv's reset/step/state over a WebSocket at GET /ws, held by this server's SessionDO (docs/openenv.md).
serveOpenEnv(server);
export const SessionDO = episodeSessionDO(server);

export default server;
export const Rpc = rpcEntrypoint(server);
