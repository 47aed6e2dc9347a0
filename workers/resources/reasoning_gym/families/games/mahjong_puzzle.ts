// mahjong_puzzle: the result of the last round (Peng, Chi or Pass), scored by the library's base
// rule. Generated games: 13 cards drawn from two of each letter A-Z; each round adds a card (aimed,
// by a random draw, at a Peng, a Chi or nothing in particular) and removes a card that was in hand;
// the answer is the last round's result under the rules the question states.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

/** Two cards like the new one in hand. */
const peng = (hand: string, card: string) => [...hand].filter((c) => c === card).length >= 2;

/** Two cards in hand that make a run of three consecutive letters with the new one. */
function chi(hand: string, card: string): boolean {
  const code = card.charCodeAt(0);
  const has = (k: number) => hand.includes(String.fromCharCode(k));
  return [code - 2, code - 1, code].some((first) => [first, first + 1, first + 2].every((k) => k === code || has(k)));
}

const result = (hand: string, card: string) => (peng(hand, card) ? "Peng" : chi(hand, card) ? "Chi" : "Pass");
const article = (card: string) => ("AEIOU".includes(card) ? "an" : "a");

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minRounds, maxRounds] = configRange(config, "num_rounds", [10, 50], [1, 10_000]);
  const initial = rng.sample([...LETTERS, ...LETTERS], 13).join("");
  let hand = initial;
  const rounds: { add: string; remove: string; cards: string; result: string }[] = [];
  for (let n = rng.int(minRounds, maxRounds); n > 0; n--) {
    const aim = rng.choice(["Peng", "Chi", "Pass"]);
    const fitting = LETTERS.filter((c) => result(hand, c) === aim);
    const add = rng.choice(fitting.length > 0 ? fitting : LETTERS);
    const outcome = result(hand, add);
    const remove = rng.choice([...hand]);
    hand = hand.replace(remove, "") + add;
    rounds.push({ add, remove, cards: hand, result: outcome });
  }
  const answer = rounds.at(-1)!.result;
  const operations = rounds.map((r, i) => `Round ${i + 1}: add ${article(r.add)} ${r.add} card, then remove ${article(r.remove)} ${r.remove} card.`).join("\n");
  return {
    question: `A hand of 13 letter cards plays rounds: each round a card is added and the round's result decided, then one card is removed (the removal does not count for that round's result).\n- "Peng": the hand already holds two cards equal to the new one.\n- "Chi": two cards in the hand make a run of three consecutive letters with the new one (like ABC or BCD).\n- "Pass": neither. Peng wins over Chi.\n\nThe hand starts as ${initial}.\n${operations}\n\nWhat is the result of the last round? Answer Peng, Chi or Pass.`,
    answer,
    metadata: { source_dataset: "mahjong_puzzle", source_index: index, rounds, solution: answer, difficulty: { num_rounds: [minRounds, maxRounds] } },
  };
}

export default defineFamily({ name: "mahjong_puzzle", category: "games", scorer: "default", score: defaultScore, generate });
