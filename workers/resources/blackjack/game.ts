// Blackjack as NeMo Gym's environment plays it: ranks only (suits never matter), face cards 10,
// aces 11 or 1, the player hits or stands, the dealer draws to 17. Our one change: the cards come
// from one 52-card deck shuffled by the row's seed, not a fresh random draw, so the same row and
// the same actions deal the same cards.
import { randomIndex, seededRandom } from "../../../shared/resources/seed.ts";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

export interface Table {
  player: string[];
  dealer: string[];
  /** The cards still in the deck, the next one first. */
  deck: string[];
}

export function shuffledDeck(seed: number): string[] {
  const deck = RANKS.flatMap((rank) => [rank, rank, rank, rank]);
  const random = seededRandom(seed);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomIndex(random, i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

export function handValue(hand: readonly string[]): number {
  let total = hand.reduce((sum, rank) => sum + (rank === "A" ? 11 : ["J", "Q", "K"].includes(rank) ? 10 : Number(rank)), 0);
  // Each ace counts 1 instead of 11 while the hand would bust.
  for (let aces = hand.filter((rank) => rank === "A").length; total > 21 && aces > 0; aces--) total -= 10;
  return total;
}

export const formatHand = (hand: readonly string[]): string => `[${hand.join(", ")}]`;

/** Two cards to the player, then two to the dealer, as the reference deals. */
export function deal(seed: number): Table {
  const [p1, p2, d1, d2, ...deck] = shuffledDeck(seed);
  return { player: [p1!, p2!], dealer: [d1!, d2!], deck };
}

export function hit(table: Table): Table {
  const [card, ...deck] = table.deck;
  return { ...table, player: [...table.player, card!], deck };
}

/** The dealer draws while under 17 (a 52-card deck never runs out in one hand). */
export function dealerPlays(table: Table): Table {
  let { dealer, deck } = table;
  while (handValue(dealer) < 17) [dealer, deck] = [[...dealer, deck[0]!], deck.slice(1)];
  return { ...table, dealer, deck };
}

/** The player stood: against the dealer's finished hand, +1 win, 0 draw, -1 loss. */
export function settle(table: Table): { result: "win" | "draw" | "loss"; reward: number } {
  const player = handValue(table.player);
  const dealer = handValue(table.dealer);
  if (dealer > 21 || player > dealer) return { result: "win", reward: 1 };
  return player === dealer ? { result: "draw", reward: 0 } : { result: "loss", reward: -1 };
}

/** What the model sees: its hand and the dealer's first card (the reference's wording). */
export const observation = (table: Table): string =>
  `Your hand: ${formatHand(table.player)} = ${handValue(table.player)}\nDealer shows: ${table.dealer[0]}\nRespond with <action>hit</action> or <action>stand</action>.`;

/** The first action tag decides; no tag, or another action, stands (as the reference reads it). */
export function decision(text: string): "hit" | "stand" {
  return /<action>\s*(hit|stand)\s*<\/action>/i.exec(text)?.[1]?.toLowerCase() === "hit" ? "hit" : "stand";
}
