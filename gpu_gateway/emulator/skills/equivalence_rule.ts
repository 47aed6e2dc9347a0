// equivalence_rule (MRCR-style long context): snippets, each under a one-line header naming its
// kind and topic, separated by blank-line runs; the last block asks either for how many snippets
// are about a topic, or for the n-th snippet of a kind and topic with a code prepended that
// depends on whether such snippets are even in number. The wrong path miscounts or picks the
// wrong code. Prompts in another layout are declined.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const SEPARATOR = "\n\n\n\n";
const MAX_QUESTION = 2000;
const FIND = /^Find the (\d+)(?:st|nd|rd|th) ([^\n]+?) about ([^\n]+?)\. If [^\n]*? even, prepend '([^'\n]*)'; otherwise prepend '([^'\n]*)'/;
const COUNT = /^Return the total number of [^\n]*? about ([^\n]+?)\./;

interface Snippet {
  header: string;
  body: string;
}

function snippets(blocks: readonly string[]): Snippet[] {
  return blocks.map((block) => {
    const cut = block.indexOf("\n\n");
    return cut === -1 ? { header: block.toLowerCase(), body: "" } : { header: block.slice(0, cut).toLowerCase(), body: block.slice(cut + 2) };
  });
}

function play({ turns, correct }: Situation): Action {
  const blocks = lastUserText(turns).split(SEPARATOR);
  const question = blocks.at(-1) ?? "";
  const pieces = snippets(blocks.slice(1, -1));
  if (question.length > MAX_QUESTION || pieces.length === 0) return decline("I can't tell.");
  const count = COUNT.exec(question);
  if (count) {
    const topic = count[1]!.toLowerCase();
    const total = pieces.filter((p) => p.header.includes(topic)).length;
    return say(String(correct ? total : total + 1));
  }
  const find = FIND.exec(question);
  if (!find) return decline("I can't tell.");
  const [, nth, kind, topic, even, odd] = find;
  const hits = pieces.filter((p) => p.header.includes(kind!.toLowerCase()) && p.header.includes(topic!.toLowerCase()));
  const hit = hits[Number(nth) - 1];
  if (!hit) return decline("I can't find it.");
  const isEven = hits.length % 2 === 0;
  return say((isEven === correct ? even! : odd!) + hit.body);
}

export default { play } satisfies Skill;
