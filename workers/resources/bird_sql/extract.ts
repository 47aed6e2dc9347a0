// BIRD's way of reading the SQL out of a reply (NeMo Gym's bird_sql, CODEBLOCK mode): the last
// ```sql block holding at least one letter; comments stripped the reference's way (a `--` comment
// runs to the end of the whole block, not of its line, so everything after it is dropped),
// whitespace collapsed, and a leading **bold** header removed. No block: the reference's
// "SELECT 1" filler, which this server records but never runs.
const BLOCK = /```sql(.*?[a-zA-Z].*?)```/gs;
const COMMENTS = /--.*$|\/\*.*?\*\//gs;

export const NO_ANSWER_FILLER = "SELECT 1";

export function hasSqlCodeblock(text: string): boolean {
  return text.match(BLOCK) !== null;
}

export function extractSql(text: string): string {
  const blocks = [...text.matchAll(BLOCK)];
  if (blocks.length === 0) return NO_ANSWER_FILLER;
  return blocks
    .at(-1)![1]!
    .replace(COMMENTS, "")
    .replace(/\s+/g, " ")
    .replace(/^\*\*.*\*\*/, "")
    .trim();
}
