import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/blackjack/index.ts";
import { deal, decision, handValue, shuffledDeck } from "../../../workers/resources/blackjack/game.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

const SYSTEM = "You are a blackjack player. End your reply with <action>hit</action> or <action>stand</action>.";
// The shape of a row in data/example.jsonl.
const row = (seed?: number) => ({ responses_create_params: { input: [{ role: "system", content: SYSTEM }, { role: "user", content: "Deal the cards." }] }, ...(seed === undefined ? {} : { seed }) });
const turn = (r: object, text: string) => ({ ...r, response: { id: "r", output: [assistantMessage(text)] } });
const open = () => client(server, serverEnv("blackjack"));

/** The first seed whose deal satisfies `wanted`. */
function seedWhere(wanted: (cards: string[]) => boolean): number {
  for (let seed = 1; ; seed++) if (wanted(shuffledDeck(seed))) return seed;
}

describe("blackjack: the rules", () => {
  test("hand values: face cards 10, aces 11 until that would bust", () => {
    expect(handValue(["5", "7"])).toBe(12);
    expect(handValue(["K", "Q"])).toBe(20);
    expect(handValue(["A", "9"])).toBe(20);
    expect(handValue(["A", "K", "5"])).toBe(16);
    expect(handValue(["A", "A"])).toBe(12);
    expect(handValue(["A", "A", "A", "8"])).toBe(21);
  });

  test("one shuffled 52-card deck per seed: the same seed deals the same cards", () => {
    const deck = shuffledDeck(42);
    expect(deck).toHaveLength(52);
    expect(deck.filter((rank) => rank === "A")).toHaveLength(4);
    expect(shuffledDeck(42)).toEqual(deck);
    expect(shuffledDeck(43)).not.toEqual(deck);
    expect(deal(42)).toEqual({ player: deck.slice(0, 2), dealer: deck.slice(2, 4), deck: deck.slice(4) });
  });

  test("the first action tag decides, case and spaces aside; anything else stands", () => {
    expect(decision("<action>hit</action>")).toBe("hit");
    expect(decision("<action>  HIT </action>")).toBe("hit");
    expect(decision("<action>stand</action> <action>hit</action>")).toBe("stand");
    expect(decision("i don't know, maybe hit?")).toBe("stand");
    expect(decision("<action>fold</action>")).toBe("stand");
  });
});

describe("blackjack: the episode", () => {
  test("reset deals from the row's seed and shows the hand and the dealer's first card", async () => {
    const [p1, p2, d1] = shuffledDeck(7);
    const reset = await open().post("/reset", row(7));
    expect(reset.status).toBe(200);
    expect(reset.body.observation).toBe(`Your hand: [${p1}, ${p2}] = ${handValue([p1!, p2!])}\nDealer shows: ${d1}\nRespond with <action>hit</action> or <action>stand</action>.`);
    expect((await open().post("/reset", row(7))).body).toEqual(reset.body);
    // A row without a seed is seeded by its input: identical rows deal one game.
    expect((await open().post("/reset", row())).body).toEqual((await open().post("/reset", row())).body);
  });

  test("the same row and actions give the same cards and the same reward", async () => {
    const play = async () => {
      const s = open();
      await s.post("/reset", row(26));
      const steps = [];
      for (const text of ["<action>hit</action>", "<action>hit</action>", "<action>stand</action>"]) {
        const step = (await s.post("/step", turn(row(26), text))).body;
        steps.push(step);
        if (step.terminated) break;
      }
      return steps;
    };
    const first = await play();
    expect(await play()).toEqual(first);
    expect(first.at(-1)!.terminated).toBe(true);
  });

  test("a hit that stays under 22 shows the new hand, reward 0", async () => {
    const seed = seedWhere(([a, b, , , c]) => handValue([a!, b!, c!]) <= 21);
    const [p1, p2, d1, , card] = shuffledDeck(seed);
    const s = open();
    await s.post("/reset", row(seed));
    const step = await s.post("/step", turn(row(seed), "Hit me. <action>hit</action>"));
    expect(step.body).toEqual({
      observation: `Your hand: [${p1}, ${p2}, ${card}] = ${handValue([p1!, p2!, card!])}\nDealer shows: ${d1}\nRespond with <action>hit</action> or <action>stand</action>.`,
      reward: 0,
      terminated: false,
      truncated: false,
      info: {},
    });
  });

  test("a bust ends the hand at -1 with the reference's info", async () => {
    const seed = seedWhere(([a, b, , , c]) => handValue([a!, b!, c!]) > 21);
    const [p1, p2, , , card] = shuffledDeck(seed);
    const s = open();
    await s.post("/reset", row(seed));
    const step = await s.post("/step", turn(row(seed), "<action>hit</action>"));
    expect(step.body).toEqual({ observation: null, reward: -1, terminated: true, truncated: false, info: { result: "bust", player: `[${p1}, ${p2}, ${card}]`, value: handValue([p1!, p2!, card!]) } });
    expect((await s.post("/step", turn(row(seed), "<action>hit</action>"))).status).toBe(409);
  });

  test.each([
    ["win", 1, (p: number, d: number) => d > 21 || p > d],
    ["draw", 0, (p: number, d: number) => d <= 21 && p === d],
    ["loss", -1, (p: number, d: number) => d <= 21 && p < d],
  ] as const)("standing settles against the dealer, who draws to 17: %s is %d", async (result, reward, holds) => {
    // The dealer draws from the fifth card on while under 17.
    const finalHands = (cards: string[]) => {
      const dealer = cards.slice(2, 4);
      for (let next = 4; handValue(dealer) < 17; next++) dealer.push(cards[next]!);
      return { player: cards.slice(0, 2), dealer };
    };
    const seed = seedWhere((cards) => {
      const { player, dealer } = finalHands(cards);
      return holds(handValue(player), handValue(dealer));
    });
    const { player, dealer } = finalHands(shuffledDeck(seed));
    const s = open();
    await s.post("/reset", row(seed));
    const step = await s.post("/step", turn(row(seed), "No tag at all, so I stand."));
    expect(step.body).toEqual({
      observation: null,
      reward,
      terminated: true,
      truncated: false,
      info: { result, player: `[${player.join(", ")}]`, player_value: handValue(player), dealer: `[${dealer.join(", ")}]`, dealer_value: handValue(dealer) },
    });
  });

  test("a bad seed is a 400 naming it; /verify says to use gymnasium_agent", async () => {
    const bad = await open().post("/reset", { ...row(), seed: "seven" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("seed");
    expect((await open().post("/verify", { ...row(1), response: { id: "r", output: [] } })).status).toBe(404);
  });
});
