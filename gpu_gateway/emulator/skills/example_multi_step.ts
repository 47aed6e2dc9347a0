// example_multi_step: get_synonym_value(synonym) + extract_synonym_values(synonym_values). The
// system message lists "The term 'Hot' has a synonym 'Blazing'." lines; find the term named in the
// query, look up each of its synonyms in order, pass the values on in call order, then answer with
// the list. Wrong path: look the synonyms up in reverse order, so the extracted list comes out
// reversed.
import { callRecords, lastUserText, numberField, quote, systemText } from "../policy/conversation.ts";
import { call, decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const LINE = /The term '(.+?)' has a synonym '(.+?)'\./g;

/** Terms in the order listed, each with its synonyms in the order listed. */
function synonymTable(text: string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const [, term, synonym] of text.matchAll(LINE)) {
    if (term === undefined || synonym === undefined) continue;
    const synonyms = table.get(term) ?? [];
    synonyms.push(synonym);
    table.set(term, synonyms);
  }
  return table;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The term whose word occurs in the query; the longest when several do. */
function findTerm(query: string, terms: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const term of terms) {
    const word = new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?![\\p{L}\\p{N}])`, "iu");
    if (word.test(query) && term.length > (best?.length ?? 0)) best = term;
  }
  return best;
}

// A single synonym reversed is itself, so the wrong path then looks up the next term's synonyms.
function wrongLookups(term: string, table: Map<string, string[]>): string[] {
  const synonyms = table.get(term) ?? [];
  if (synonyms.length > 1) return [...synonyms].reverse();
  const terms = [...table.keys()];
  const other = terms[(terms.indexOf(term) + 1) % terms.length] as string;
  return table.get(other) ?? synonyms;
}

function play({ turns, correct }: Situation): Action {
  const records = callRecords(turns);
  const last = records.at(-1);
  if (last === undefined) {
    const table = synonymTable(systemText(turns));
    const term = findTerm(lastUserText(turns), table.keys());
    if (term === undefined) return decline("I could not find a term I know synonyms for in your question.");
    const lookups = correct ? (table.get(term) ?? []) : wrongLookups(term, table);
    return call(...lookups.map((synonym) => ({ name: "get_synonym_value", arguments: { synonym } })));
  }
  if (last.name === "extract_synonym_values") {
    const values = last.arguments.synonym_values;
    return say(Array.isArray(values) ? `[${values.join(", ")}]` : "I could not extract the synonym values.");
  }
  const values: number[] = [];
  for (const record of records.filter((r) => r.name === "get_synonym_value")) {
    const value = numberField(record.output, "synonym_value");
    if (value === undefined) return say(`I could not look up the synonym values: ${quote(record.output ?? "no output")}`);
    values.push(value);
  }
  return call({ name: "extract_synonym_values", arguments: { synonym_values: values } });
}

export default { play } satisfies Skill;
