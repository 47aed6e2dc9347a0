import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/grl_tetris/index.ts";
import { parseActions } from "../../../workers/resources/grl_tetris/action.ts";
import { PythonRandom } from "../../../workers/resources/grl_tetris/python_random.ts";
import { newGame, play, render } from "../../../workers/resources/grl_tetris/tetris.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

// Row 5 of data/example.jsonl (NeMo's): its dim_board is never read, the board is dim_x by dim_y (4x4 by default).
const row = { game_id: 5, seed: 73016, dim_board: [6, 4], box_type: 2, responses_create_params: { input: [{ role: "user", content: "Play Tetris." }] } };
const turn = (text: string, r: object = row) => ({ ...r, response: { id: "r", output: [assistantMessage(text)] } });
const open = () => client(server, serverEnv("grl_tetris"));
const legend =
  "\n\nLegend: _=empty, #=settled block, X=falling piece.\n" +
  "Respond with one or more moves using <action>Left</action>, <action>Right</action>, or <action>Down</action>. Multiple action tags in one turn are applied in order.";

describe("grl_tetris: Python's random, as the reference seeds it", () => {
  test("randint after random.seed(n) gives CPython's numbers (values from CPython 3.11)", () => {
    const a = new PythonRandom(60494);
    expect(Array.from({ length: 5 }, () => a.randint(1, 15))).toEqual([9, 13, 10, 7, 1]);
    expect(Array.from({ length: 5 }, () => a.randint(0, 3))).toEqual([1, 0, 3, 1, 0]);
    // A seed wider than 32 bits is keyed by both of its words, not truncated.
    const wide = new PythonRandom(2 ** 40 + 7);
    expect(Array.from({ length: 3 }, () => wide.randint(1, 1000))).toEqual([629, 766, 835]);
  });
});

describe("grl_tetris: the rules (values from the reference's TetrisEnv)", () => {
  test("a cleared row earns 10 less the move and ends the game", () => {
    const game = newGame(2, 2, 3, 1);
    expect(render(game)).toBe("X_\n__\n__");
    const rewards = [1, 2, 3, 4].map(() => play(game, 2));
    expect(rewards.map((m) => m.reward)).toEqual([-0.1, -0.1, -0.1, 9.9]);
    expect(rewards[3]).toEqual({ reward: 9.9, done: true, observation: "_X\n__\n__", info: { action_is_effective: true, action_is_valid: true, success: true, dropped: true } });
  });

  test("a piece lands on the move that brings it to rest; a blocked move changes nothing and costs 0.1", () => {
    const game = newGame(1, 2, 3, 1);
    const seen = [2, 2, 2, 1, 2].map((action) => play(game, action));
    expect(seen.map((m) => m.observation)).toEqual(["__\nX_\n__", "X_\n__\n#_", "_X\n#_\n#_", "_X\n#_\n#_", "__\n#X\n#_"]);
    expect(seen.map((m) => m.info.dropped)).toEqual([false, true, true, false, false]);
    expect(seen.map((m) => m.info.action_is_effective)).toEqual([true, true, true, false, true]);
    expect(seen.every((m) => m.reward === -0.1 && !m.done)).toBe(true);
  });
});

describe("grl_tetris: the episode", () => {
  test("a rollout NeMo recorded on this row plays the same boards, rewards and info", async () => {
    const s = open();
    const reset = await s.post("/reset", row);
    expect(reset.status).toBe(200);
    expect(reset.body.observation).toBe(`Tetris board:\n_X__\n____\n____\n____${legend}`);
    const boards = ["_X__\n_X__\n____\n____", "____\n_X__\n_X__\n____", "X___\n____\n_#__\n_#__", "X___\nX___\n_#__\n_#__", "X___\nX___\n_#__\n_#__", "____\nX___\nX#__\n_#__", "X___\n____\n##__\n##__"];
    const moves = ["Down", "Down", "Down", "Down", "Left", "Down", "Down", "Down"];
    let total = 0;
    for (const [i, move] of moves.entries()) {
      const step = await s.post("/step", turn(`<action>${move}</action>`));
      expect(step.status).toBe(200);
      total += step.body.reward;
      if (i < boards.length) expect(step.body.observation).toBe(`Tetris board:\n${boards[i]}${legend}`);
      // The game ends when a landed piece reaches the top row; that piece is still drawn as falling.
      else expect(step.body).toMatchObject({ terminated: true, truncated: false, observation: "X___\nX___\n##__\n##__" });
    }
    expect(total).toBe(-0.7999999999999999);
    const last = { action_is_effective: true, action_is_valid: true, success: false, dropped: true };
    const step = await s.post("/step", turn("<action>Down</action>"));
    expect(step.status).toBe(409);
    // The recorded final info, field for field and in order.
    const again = open();
    await again.post("/reset", row);
    let final: { info?: unknown } = {};
    for (const move of moves) final = (await again.post("/step", turn(`<action>${move}</action>`))).body;
    expect(JSON.stringify(final.info)).toBe(
      JSON.stringify({ ...last, total_reward: -0.7999999999999999, num_actions_applied: 1, actions: [{ action_id: 2, action_label: "Down", reward: -0.1, info: last }] }),
    );
  });

  test("several tags in one turn are played in order, up to the move that ends the game; the last board goes bare", async () => {
    const s = open();
    const small = { ...row, seed: 2, dim_x: 2, dim_y: 3, box_type: 1 };
    await s.post("/reset", small);
    const step = await s.post("/step", turn("<action>down</action> then < action>left</action> <action> 2 </action><action>DOWN</action>\n<action>\u00a02</action><action>Down</action><action>Down</action>", small));
    expect(step.body).toMatchObject({ observation: "_X\n__\n__", terminated: true, truncated: false, info: { success: true, num_actions_applied: 4, total_reward: 9.6 } });
    expect(step.body.reward).toBe(-0.1 + -0.1 + -0.1 + 9.9);
  });

  test("moves: words in any case or 0-2, with spaces inside the tag; other tags are skipped", () => {
    expect(parseActions("<action>Left</action><action>RIGHT</action><action> down\t</action><action>0</action><action>2</action>")).toEqual([0, 1, 2, 0, 2]);
    // Python's case folding lets a dotless i match, but the word then names no move.
    expect(parseActions("<action>r\u0131ght</action><action>3</action><action>up</action><action>left </action>")).toEqual([0]);
    expect(parseActions("Left, then Down")).toEqual([]);
  });

  test("a turn with no move tag is refused, and changes nothing", async () => {
    const s = open();
    await s.post("/reset", row);
    const none = await s.post("/step", turn("Down, I think."));
    expect(none.status).toBe(400);
    expect(none.body.error).toEqual({ type: "invalid_action", message: "No <action>Left|Right|Down</action> tags found in response." });
    const down = await s.post("/step", turn("<action>Down</action>"));
    expect(down.body.observation).toBe(`Tetris board:\n_X__\n_X__\n____\n____${legend}`);
  });

  test("bad rows are 400s with field paths", async () => {
    const narrow = await open().post("/reset", { ...row, dim_x: 1 });
    expect(narrow.status).toBe(400);
    expect(narrow.body.error.issues[0].path).toBe("dim_x");
    const seed = await open().post("/reset", { ...row, seed: -1 });
    expect(seed.status).toBe(400);
    expect(seed.body.error.issues[0].path).toBe("seed");
  });

  test("a 500 KB hostile reply is read in linear time", async () => {
    const s = open();
    await s.post("/reset", row);
    for (const text of ["<action>".repeat(60_000), `<action>${" ".repeat(500_000)}`, `<action>Down${" ".repeat(500_000)}<`]) {
      const started = performance.now();
      const step = await s.post("/step", turn(text));
      expect(step.status).toBe(400);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
