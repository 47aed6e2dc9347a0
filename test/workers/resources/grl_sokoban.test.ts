import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/grl_sokoban/index.ts";
import { move, moveReward, render, solved } from "../../../workers/resources/grl_sokoban/board.ts";
import type { Board } from "../../../workers/resources/grl_sokoban/board.ts";
import { generateLevel } from "../../../workers/resources/grl_sokoban/level.ts";
import { parseMove, replyText } from "../../../workers/resources/grl_sokoban/action.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

// The shape of a row in data/example.jsonl.
const row = { level_id: 1, seed: 1, dim_room: [6, 6], num_boxes: 1, max_steps: 20, responses_create_params: { input: [{ role: "user", content: "Solve the puzzle." }] } };
const turn = (text: string, r: object = row) => ({ ...r, response: { id: "r", output: [assistantMessage(text)] } });
const open = () => client(server, serverEnv("grl_sokoban"));

//   #####
//   #P X O#   a corridor: two pushes right put the box on the target
const corridor: Board = { cols: 7, cells: "########___O##", boxes: [10], player: 8 };

describe("grl_sokoban: the rules (gym-sokoban's)", () => {
  test("walking, pushing, and the walls and boxes that stop a push", () => {
    expect(render(corridor)).toBe("#######\n#P_XO##");
    const walked = move(corridor, "Right");
    expect(walked).toMatchObject({ moved: true, board: { player: 9, boxes: [10] } });
    const pushed = move(walked.board, "Right");
    expect(pushed).toMatchObject({ moved: true, board: { player: 10, boxes: [11] } });
    expect(render(pushed.board)).toBe("#######\n#__P√##");
    expect(solved(pushed.board)).toBe(true);
    // Into a wall, or a box against a wall: nothing moves.
    expect(move(corridor, "Up").moved).toBe(false);
    expect(move(pushed.board, "Right").moved).toBe(false);
  });

  test("rewards: -0.1 a move, +1 a box onto a target, -1 off it, +10 for the last one", () => {
    const walked = move(corridor, "Right").board;
    expect(moveReward(corridor, walked)).toBeCloseTo(-0.1);
    const pushed = move(walked, "Right").board;
    expect(moveReward(walked, pushed)).toBeCloseTo(10.9);
    const onTarget: Board = { cols: 7, cells: "########___O_#", boxes: [11], player: 10 };
    expect(moveReward(onTarget, move(onTarget, "Right").board)).toBeCloseTo(-1.1);
    const twoBoxes: Board = { cols: 8, cells: "#########__O_O_#", boxes: [10, 12], player: 9 };
    const oneOn = move(twoBoxes, "Right").board;
    expect(render(oneOn)).toBe("########\n#_P√XO_#");
    expect(moveReward(twoBoxes, oneOn)).toBeCloseTo(0.9);
    expect(solved(oneOn)).toBe(false);
  });

  test("levels are the seed's, with every box drawn, and never start solved", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const level = generateLevel(seed, { rows: 7, cols: 7, boxes: 2 })!;
      expect(level).toEqual(generateLevel(seed, { rows: 7, cols: 7, boxes: 2 }));
      expect(solved(level)).toBe(false);
      expect(render(level).split("\n")).toHaveLength(7);
      expect([...render(level)].filter((c) => "X√".includes(c))).toHaveLength(2);
    }
    expect(generateLevel(1, { rows: 6, cols: 6, boxes: 1 })).not.toEqual(generateLevel(2, { rows: 6, cols: 6, boxes: 1 }));
  });
});

describe("grl_sokoban: the episode", () => {
  test("reset shows the row's level with the legend and how to answer", async () => {
    const reset = await open().post("/reset", row);
    expect(reset.status).toBe(200);
    expect(reset.body.observation).toBe(
      `Sokoban board:\n${render(generateLevel(1, { rows: 6, cols: 6, boxes: 1 })!)}\n\n` +
        "Legend: #=wall, _=floor, O=target, X=box, √=box on target, P=player, S=player on target.\n" +
        "Respond with exactly one move using <action>Up</action>, <action>Down</action>, <action>Left</action>, or <action>Right</action>.",
    );
  });

  test("moves from tags, bare words or 1-4; a reply naming no move is refused as the reference refuses it", async () => {
    const s = open();
    await s.post("/reset", row);
    // Level 1 of the example data: the player at (1,3), the box at (2,3).
    const left = await s.post("/step", turn("Going <action>left</action>"));
    expect(left.body).toMatchObject({ reward: -0.1, terminated: false, truncated: false, info: { action_is_effective: true, action_is_valid: true, success: false, action_id: 3, action_label: "Left" } });
    const up = await s.post("/step", turn("1"));
    expect(up.body.info).toMatchObject({ action_is_effective: false, action_id: 1, action_label: "Up" });
    const none = await s.post("/step", turn("Hmm, let me think."));
    expect(none.status).toBe(400);
    expect(none.body.error).toEqual({ type: "invalid_action", message: 'Unable to parse action from response: "Hmm, let me think."' });
    // A refused turn changes nothing: the episode goes on from where it was.
    const again = await s.post("/step", turn("I choose down."));
    expect(again.body.info).toMatchObject({ action_label: "Down" });
    expect(again.body.info.total_reward).toBeCloseTo(-0.3);
  });

  test("max_steps moves without solving truncate the episode", async () => {
    const short = { ...row, max_steps: 2 };
    const s = open();
    await s.post("/reset", short);
    expect((await s.post("/step", turn("<action>Up</action>", short))).body).toMatchObject({ terminated: false, truncated: false });
    expect((await s.post("/step", turn("<action>Up</action>", short))).body).toMatchObject({ terminated: false, truncated: true });
    expect((await s.post("/step", turn("<action>Up</action>", short))).status).toBe(409);
  });

  test("solving ends the episode: the shortest solution of level 1 earns 11 - 0.1 per move", async () => {
    const s = open();
    await s.post("/reset", row);
    let last: any;
    for (const direction of ["Right", "Down", "Left", "Left", "Down", "Left", "Up"]) last = (await s.post("/step", turn(`<action>${direction}</action>`))).body;
    expect(last).toMatchObject({ terminated: true, truncated: false, info: { success: true } });
    expect(last.info.total_reward).toBeCloseTo(10.3);
  });

  test("a room that is not square is played (NeMo Gym's row 5: dim_room [6, 4])", async () => {
    const narrow = { ...row, seed: 78785, dim_room: [6, 4] };
    const s = open();
    const reset = await s.post("/reset", narrow);
    expect(reset.status).toBe(200);
    // Six rows of four: the box between the player (below) and the target (above).
    expect(reset.body.observation).toContain("Sokoban board:\n####\n#O_#\n#_##\n#X##\n#P##\n####\n");
    expect((await s.post("/step", turn("<action>Up</action>", narrow))).body).toMatchObject({ reward: -0.1, terminated: false });
    const last = (await s.post("/step", turn("<action>Up</action>", narrow))).body;
    expect(last).toMatchObject({ terminated: true, info: { success: true } });
    expect(last.info.total_reward).toBeCloseTo(10.8);
  });

  test("bad rows are 400s with field paths", async () => {
    const tiny = await open().post("/reset", { ...row, dim_room: [2, 9] });
    expect(tiny.status).toBe(400);
    expect(tiny.body.error.issues[0].path).toBe("dim_room[0]");
    const crowded = await open().post("/reset", { ...row, num_boxes: 4 });
    expect(crowded.body.error.issues[0].path).toBe("num_boxes");
  });
});

describe("grl_sokoban: reading a move as the reference's Python patterns read it", () => {
  const read = (text: string) => {
    const parsed = parseMove(text);
    return "direction" in parsed ? parsed.direction : "refused";
  };

  test("a tag names the move; without a tag, the first direction word or digit standing alone", () => {
    expect(read("<action>Up</action>")).toBe("Up");
    expect(read("<ACTION> right\n</ACTION>")).toBe("Right");
    expect(read("I choose down.")).toBe("Down");
    expect(read("left, then <action>4</action>")).toBe("Right");
    expect(read("<action>Up</action><action>Down</action>")).toBe("Up");
    expect(read("3")).toBe("Left");
    expect(read("Move diagonally")).toBe("refused");
  });

  test("a tag holding anything but a move is refused, not read from the words around it", () => {
    for (const text of ["<action>-1</action>", "<action>0</action>", "<action>5</action>", "<action>up-left</action>", "<action></action> up", "<action>north</action>", "<action>Up", "I go up <action>jump</action>"]) {
      expect(read(text), text).toBe("refused");
    }
  });

  test("word boundaries, spaces and case are Python's: Unicode letters join a word; U+FEFF is no space", () => {
    // Python's \b sees no boundary between a Unicode letter and "up"; JavaScript's \b would.
    for (const text of ["éup", "ñdown", "leftß", "stepup", "x_1", "١up", "set up", "upright"]) {
      expect(read(text), text).toBe(text === "set up" ? "Up" : "refused");
    }
    expect(read("<action>\u00a0down\u2003</action>")).toBe("Down");
    expect(read("<action>\x1cdown</action>")).toBe("Down");
    expect(read("<action>\ufeffdown</action>")).toBe("refused");
    // Python's case-insensitive i matches the Turkish dotless i, and the token then names no move.
    expect(read("rıght then up")).toBe("refused");
  });

  test("the reply's text is its messages' output text joined with nothing between", () => {
    const message = (text: string) => ({ type: "message" as const, role: "assistant" as const, content: [{ type: "output_text" as const, text, annotations: [] }] });
    expect(replyText([message("go"), message("up")])).toBe("goup");
    expect(read(replyText([message("go"), message("up")]))).toBe("refused");
    expect(replyText([{ type: "reasoning", id: "r", summary: [{ type: "summary_text", text: "up" }] } as any, message("wait")])).toBe("wait");
  });
});
