// Spider 2.0-Lite's way (spider2_lite and text_to_sql) of reading the SQL out of a reply (NeMo Gym's spider2_lite), first found
// wins: the last ```sql block; else the last plain ``` block that starts with a SQL verb; else the
// text from the first SQL verb to the last semicolon (ending in exactly one `;`). None: null.
const SQL_BLOCK = /```sql\s*([\s\S]*?)\s*```/gi;
const ANY_BLOCK = /```\s*([\s\S]*?)\s*```/g;
const BLOCK_VERB = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP)\s/i;
const RAW_VERB = /(?:SELECT|INSERT|UPDATE|DELETE|WITH)\s/i;

export function extractSql(text: string): string | null {
  if (!text) return null;
  const sqlBlocks = [...text.matchAll(SQL_BLOCK)];
  if (sqlBlocks.length > 0) return sqlBlocks.at(-1)![1]!.trim();
  const block = [...text.matchAll(ANY_BLOCK)]
    .map((m) => m[1]!.trim())
    .findLast((content) => BLOCK_VERB.test(content));
  if (block !== undefined) return block;
  const start = text.search(RAW_VERB);
  if (start === -1) return null;
  const lastSemicolon = text.lastIndexOf(";");
  const raw = (lastSemicolon >= start ? text.slice(start, lastSemicolon + 1) : text.slice(start)).trim();
  return `${raw.replace(/;+$/, "")};`;
}
