// hotpotqa_qa: closed-book multi-hop questions answered from what the emulator recalls, as the
// JSON object the prompt asks for; the wrong path names the other candidate or a near miss.
// Questions it does not know are declined.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Fact {
  asks: RegExp;
  answer: string;
  wrong: string;
}

const FACTS: readonly Fact[] = [
  { asks: /Scott Derrickson and Ed Wood/i, answer: "yes", wrong: "no" },
  { asks: /portrayed Corliss Archer/i, answer: "Chief of Protocol", wrong: "Ambassador to Ghana" },
  { asks: /Arthur's Magazine or First for Women/i, answer: "Arthur's Magazine", wrong: "First for Women" },
  { asks: /'Daddo' was the British name/i, answer: "5 to 6 pounds", wrong: "about 20 pounds" },
  { asks: /born first, Ed Wood or Steven Spielberg/i, answer: "Ed Wood", wrong: "Steven Spielberg" },
];

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const fact = FACTS.find((f) => f.asks.test(prompt));
  if (!fact) return decline(JSON.stringify({ answer: "I don't know" }));
  return say(JSON.stringify({ answer: correct ? fact.answer : fact.wrong }));
}

export default { play } satisfies Skill;
