// Sokoban (NeMo Gym's grl_sokoban, with our own levels): one move per turn as an <action> tag (or
// a bare Up/Down/Left/Right, or 1-4; action.ts); a turn naming no move is refused (400
// invalid_action: the agent ends the episode there, scored); the rules and rewards are
// gym-sokoban's (board.ts); solved ends the episode, max_steps moves without it truncate it.
// Levels come from the row's seed, solvable by construction (level.ts).
import { defineEpisodeServer } from "../../../shared/resources/episode.ts";
import { rowSeed } from "../../../shared/resources/seed.ts";
import { INVALID_ACTION } from "../../../shared/schemas/episode.ts";
import { HttpError, invalidRequest } from "../../../shared/server/errors.ts";
import { parseMove, replyText } from "./action.ts";
import { DIRECTIONS, move, moveReward, render, solved } from "./board.ts";
import type { Board } from "./board.ts";
import declaration from "./declaration.ts";
import { generateLevel } from "./level.ts";

import { episodeSessionDO } from "../../../durable_objects/session_do.ts";
import { serveOpenEnv } from "../../../shared/openenv/route.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Episode {
  board: Board;
  steps: number;
  maxSteps: number;
  totalReward: number;
}

const observation = (board: Board): string =>
  `Sokoban board:\n${render(board)}\n\n` +
  "Legend: #=wall, _=floor, O=target, X=box, √=box on target, P=player, S=player on target.\n" +
  "Respond with exactly one move using <action>Up</action>, <action>Down</action>, <action>Left</action>, or <action>Right</action>.";

const server = defineEpisodeServer({
  declaration,
  reset(row) {
    const [rows, cols] = row.dim_room;
    const board = generateLevel(rowSeed(row), { rows, cols, boxes: row.num_boxes });
    if (!board) throw invalidRequest([{ path: "dim_room", message: `a ${rows}x${cols} room has no level with ${row.num_boxes} boxes for this seed: make it larger` }]);
    return { observation: observation(board), state: { board, steps: 0, maxSteps: row.max_steps, totalReward: 0 } satisfies Episode };
  },
  step(episode: Episode, action) {
    const parsed = parseMove(replyText(action.output));
    if ("refused" in parsed) throw new HttpError(400, INVALID_ACTION, parsed.refused);
    const { direction } = parsed;
    const { board, moved } = move(episode.board, direction);
    const reward = moveReward(episode.board, board);
    const next = { ...episode, board, steps: episode.steps + 1, totalReward: episode.totalReward + reward };
    const success = solved(board);
    const info = {
      action_is_effective: moved,
      action_is_valid: true,
      success,
      action_id: DIRECTIONS.indexOf(direction) + 1,
      action_label: direction,
      total_reward: next.totalReward,
    };
    return { observation: observation(board), reward, terminated: success, truncated: !success && next.steps >= next.maxSteps, info, state: next };
  },
});

// OpenEnv's reset/step/state over a WebSocket at GET /ws, held by this server's SessionDO (docs/openenv.md).
serveOpenEnv(server);
export const SessionDO = episodeSessionDO(server);

export default server;
export const Rpc = rpcEntrypoint(server);
