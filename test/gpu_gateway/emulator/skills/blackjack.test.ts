// blackjack's emulator skill, played through the environment's own rules on the bundled rows: the
// right path (basic strategy) does better than the wrong one (hit until bust), every row
// deterministically, and later turns follow the path the first one took.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { deal, dealerPlays, decision, handValue, hit, observation, settle } from "../../../../workers/resources/blackjack/game.ts";

const rows = readFileSync(new URL("../../../../workers/resources/blackjack/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
/** The bundled agent's max_steps. */
const MAX_STEPS = 5;

function episode(seed: number, correct: boolean) {
  let table = deal(seed);
  const turns: Turn[] = [{ role: "user", content: observation(table) }];
  for (let i = 0; i < MAX_STEPS; i++) {
    const reply = play({ turns, tools: [], correct }, "blackjack").content ?? "";
    turns.push({ role: "assistant", content: reply });
    if (decision(reply) === "stand") return { reward: settle(dealerPlays(table)).reward, turns };
    table = hit(table);
    if (handValue(table.player) > 21) return { reward: -1, turns };
    turns.push({ role: "user", content: observation(table) });
  }
  return { reward: 0, turns };
}

describe("emulator: blackjack", () => {
  test("basic strategy on the right path: hit low totals, stand from 17, the dealer's card decides in between", () => {
    const act = (total: number, dealer: string) =>
      decision(play({ turns: [{ role: "user", content: `Your hand: [x] = ${total}\nDealer shows: ${dealer}` }], tools: [], correct: true }, "blackjack").content ?? "");
    expect(act(11, "A")).toBe("hit");
    expect(act(12, "5")).toBe("stand");
    expect(act(12, "3")).toBe("hit");
    expect(act(15, "6")).toBe("stand");
    expect(act(15, "K")).toBe("hit");
    expect(act(17, "A")).toBe("stand");
  });

  test("on the bundled rows the right path earns more than the wrong one, which always busts", () => {
    const right = rows.map((row) => episode(row.seed, true).reward);
    const wrong = rows.map((row) => episode(row.seed, false).reward);
    expect(wrong).toEqual(rows.map(() => -1));
    expect(right).toEqual([1, 1, 1, 0, -1]);
    // Some hands take several turns: the emulator's later turns follow the first one's path.
    expect(rows.map((row) => episode(row.seed, true).turns.filter((t) => t.role === "assistant").length)).toEqual([2, 2, 3, 1, 3]);
    expect(episode(26, false).turns.filter((t) => t.role === "assistant").every((t) => t.content.startsWith("Feeling lucky"))).toBe(true);
  });
});
