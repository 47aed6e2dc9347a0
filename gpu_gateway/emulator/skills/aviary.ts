// aviary (GSM8k with a calculator): the emulator cannot read word problems, so it knows the worked
// steps of the bundled problems only (recognised by their opening words) and declines any other.
// It sends every step to the calculator in one turn, then submits the last step's result with
// submit_answer (reward 1). Wrong path, chosen on the first turn: it leaves out the last step and
// submits an intermediate result (reward 0), or, with one step only, writes it with a "×" the
// calculator cannot read (a tool failure, -1).
// aviary (HotPotQA, "Question: ..."): for the bundled questions it knows the two pages to search;
// it searches both, one a turn, then submits the answer when the second page shows it (reward 1).
// Wrong path, chosen on the first turn: it guesses at once, submitting the bridge entity (reward 0).
import { callRecords, lastUserText } from "../policy/conversation.ts";
import { call, decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

/** Opening words of a bundled problem -> its calculator steps, the last one giving the answer. */
const WORKED: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["Weng earns $12 an hour", ["12 * 50 / 60"]],
  ["Betty is saving money", ["100 / 2", "15 * 2", "100 - 100 / 2 - 15 - 15 * 2"]],
  ["Julie is reading a 120-page book", ["12 * 2", "120 - 12 - 12 * 2", "(120 - 12 - 12 * 2) / 2"]],
  ["James writes a 3-page letter", ["3 * 2 * 2 * 52"]],
  ["Albert is wondering how much pizza", ["2 * 16", "2 * 8", "2 * 16 + 2 * 8"]],
];

/** Opening words of a bundled HotPotQA question -> the bridge page, the answer's page, the answer. */
const HOPS: ReadonlyArray<readonly [string, string, string, string]> = [
  ["Question: The Eiffel Tower was designed", "Eiffel Tower", "Gustave Eiffel", "Dijon"],
  ["Question: In what year was the college where Alan Turing", "Alan Turing", "King's College, Cambridge", "1441"],
  ["Question: Which ocean lies to the west of the country whose capital is Lisbon", "Lisbon", "Portugal", "Atlantic Ocean"],
  ["Question: What instrument was the composer of the opera Carmen", "Carmen (opera)", "Georges Bizet", "piano"],
  ["Question: Who directed the film about the crew of the space tug Nostromo", "Nostromo", "Alien (film)", "Ridley Scott"],
];

function playHotpot(question: string, turns: Situation["turns"], correct: boolean): Action {
  const hops = HOPS.find(([opening]) => question.startsWith(opening));
  if (!hops) return decline("I cannot find the pages this question needs.");
  const [, bridge, target, answer] = hops;
  const records = callRecords(turns);
  if (records.length === 0) return correct ? call({ name: "search", arguments: { entity: bridge } }) : call({ name: "submit_answer", arguments: { answer: bridge } });
  if (records.length === 1) return call({ name: "search", arguments: { entity: target } });
  // "piano" shows on the page as "pianist": compare the answer's stem.
  if (!(records.at(-1)?.output ?? "").toLowerCase().includes(answer.toLowerCase().slice(0, 4))) return say("The pages do not say.");
  return call({ name: "submit_answer", arguments: { answer } });
}

function play({ turns, correct }: Situation): Action {
  const question = lastUserText(turns);
  if (question.startsWith("Question: ")) return playHotpot(question, turns, correct);
  const steps = WORKED.find(([opening]) => question.startsWith(opening))?.[1];
  if (!steps) return decline("I cannot work this problem out.");
  const records = callRecords(turns);
  if (records.length === 0) {
    const sent = correct ? steps : steps.length > 1 ? steps.slice(0, -1) : [steps[0]!.replaceAll("*", "×")];
    return call(...sent.map((expr) => ({ name: "calculator", arguments: { expr } })));
  }
  const result = records.at(-1)?.output;
  if (result === undefined || result.startsWith("Error")) return say("The calculator could not work it out.");
  return call({ name: "submit_answer", arguments: { answer: result } });
}

export default { play } satisfies Skill;
