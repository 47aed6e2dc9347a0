// blackjack: each observation shows "Your hand: [..] = N" and "Dealer shows: C"; answer with an
// <action> tag. The right path plays basic strategy on the total: hit to 11, hit 12 unless the
// dealer shows 4-6, hit 13-16 against 7 or more, stand from 17. Wrong path: "Feeling lucky",
// hit every time until the hand busts; later turns see that opening and keep hitting.
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const HAND = /Your hand: \[[^\]]*\] = (\d+)\s*\nDealer shows: (\S+)/;
const LUCKY = "Feeling lucky";

const cardValue = (rank: string): number => (rank === "A" ? 11 : ["J", "Q", "K"].includes(rank) ? 10 : Number(rank));

function basicStrategy(total: number, dealer: number): "hit" | "stand" {
  if (total <= 11) return "hit";
  if (total === 12) return dealer >= 4 && dealer <= 6 ? "stand" : "hit";
  if (total <= 16) return dealer >= 7 ? "hit" : "stand";
  return "stand";
}

function play({ turns, correct }: Situation): Action {
  const opening = turns.find((turn) => turn.role === "assistant")?.content;
  const lucky = opening === undefined ? !correct : opening.startsWith(LUCKY);
  if (lucky) return say(`${LUCKY}: hit me again. <action>hit</action>`);
  const hand = HAND.exec(lastUserText(turns));
  if (!hand) return say("I cannot see my hand, so I stand. <action>stand</action>");
  const [, total, card] = hand as unknown as [string, string, string];
  const action = basicStrategy(Number(total), cardValue(card));
  return say(`${total} against the dealer's ${card}: I ${action}. <action>${action}</action>`);
}

export default { play } satisfies Skill;
