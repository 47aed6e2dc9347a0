// Sokoban (NeMo Gym's grl_sokoban, with our own levels): one move per turn as an <action> tag (or
// a bare Up/Down/Left/Right, or 1-4); the rules and rewards are gym-sokoban's (board.ts); solved
// ends the episode, max_steps moves without it truncate it. Levels come from the row's seed,
// solvable by construction (level.ts).
import { defineEpisodeServer } from "../../../shared/resources/episode.ts";
import { rowSeed } from "../../../shared/resources/seed.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { DIRECTIONS, move, moveReward, render, solved } from "./board.ts";
import type { Board, Direction } from "./board.ts";
import declaration from "./declaration.ts";
import { generateLevel } from "./level.ts";

export { SessionDO } from "../../../durable_objects/session_do.ts";
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

const TAG = /<action>\s*(up|down|left|right|[1-4])\s*<\/action>/i;
const WORD = /\b(up|down|left|right|[1-4])\b/i;

/** The move a reply names: its action tag, else the first direction word or 1-4 (Up, Down, Left, Right). */
function parseMove(text: string): Direction | undefined {
  const token = (TAG.exec(text) ?? WORD.exec(text))?.[1]?.toLowerCase();
  if (token === undefined) return undefined;
  return /^[1-4]$/.test(token) ? DIRECTIONS[Number(token) - 1] : DIRECTIONS.find((d) => d.toLowerCase() === token);
}

const server = defineEpisodeServer({
  declaration,
  reset(row) {
    const [rows, cols] = row.dim_room;
    const board = generateLevel(rowSeed(row), { rows, cols, boxes: row.num_boxes });
    if (!board) throw invalidRequest([{ path: "dim_room", message: `a ${rows}x${cols} room has no level with ${row.num_boxes} boxes for this seed: make it larger` }]);
    return { observation: observation(board), state: { board, steps: 0, maxSteps: row.max_steps, totalReward: 0 } satisfies Episode };
  },
  step(episode: Episode, action) {
    // A reply naming no move is a wasted turn (the reference refuses it, which ends the rollout).
    const direction = parseMove(assistantText(action.output));
    const { board, moved } = direction ? move(episode.board, direction) : { board: episode.board, moved: false };
    const reward = moveReward(episode.board, board);
    const next = { ...episode, board, steps: episode.steps + 1, totalReward: episode.totalReward + reward };
    const success = solved(board);
    const info = {
      action_is_effective: moved,
      action_is_valid: direction !== undefined,
      success,
      action_id: direction ? DIRECTIONS.indexOf(direction) + 1 : null,
      action_label: direction ?? null,
      total_reward: next.totalReward,
    };
    return { observation: observation(board), reward, terminated: success, truncated: !success && next.steps >= next.maxSteps, info, state: next };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
