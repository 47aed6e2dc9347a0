// Text-to-SQL tasks (bird_sql, spider2_lite): the question is recognised by its wording among the
// bundled ones and answered with a ```sql block, right or wrong as the coin says; a question it
// does not know gets a plausible first look at the schema's first table, which is rarely right.
import { decline, say, type Action } from "./types.ts";

export interface SqlTask {
  recognise: RegExp;
  right: string;
  /** A typical mistake: a wrong filter, swapped columns, a misspelt column. */
  wrong: string;
}

const FIRST_TABLE = /CREATE TABLE\s+[`"]?(\w+)/i;

/** The reply to `question`, asked over the database the prompt describes. */
export function answerSql(tasks: readonly SqlTask[], question: string, prompt: string, correct: boolean, preface: string): Action {
  const task = tasks.find((t) => t.recognise.test(question));
  const table = FIRST_TABLE.exec(prompt)?.[1];
  if (!task && !table) return decline("I cannot see a database schema to query.");
  const query = task ? (correct ? task.right : task.wrong) : `SELECT * FROM ${table} LIMIT 5`;
  return say(`${preface}\n\n\`\`\`sql\n${query}\n\`\`\``);
}
