// vLLM's automatic prefix caching, as accounting only: prompts are cut into 16-token blocks, each
// named by a hash of everything up to its end, and a request's cached tokens are its leading
// blocks this process has computed before (prompt and generation both). So, as on a real
// endpoint, a conversation's next turn finds its history cached only where its last turn ran.
const BLOCK_TOKENS = 16;
const MAX_BLOCKS = 200_000;

export class PrefixCache {
  // Insertion order doubles as age: the oldest blocks go first when the cache is full.
  readonly #blocks = new Map<string, true>();

  /** How many leading tokens of `prompt` were cached; then remembers `prompt` + `generated`. */
  serve(prompt: readonly number[], generated: readonly number[]): number {
    const promptKeys = blockKeys(prompt);
    let hits = 0;
    while (hits < promptKeys.length && this.#blocks.has(promptKeys[hits]!)) hits++;
    for (const key of blockKeys([...prompt, ...generated])) {
      this.#blocks.delete(key);
      this.#blocks.set(key, true);
    }
    while (this.#blocks.size > MAX_BLOCKS) this.#blocks.delete(this.#blocks.keys().next().value!);
    return hits * BLOCK_TOKENS;
  }
}

// Two independent 32-bit FNV-1a chains over the ids: a collision would need both to collide.
function blockKeys(ids: readonly number[]): string[] {
  const keys: string[] = [];
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i + BLOCK_TOKENS <= ids.length; i += BLOCK_TOKENS) {
    for (let j = i; j < i + BLOCK_TOKENS; j++) {
      a = Math.imul(a ^ ids[j]!, 0x01000193) >>> 0;
      b = Math.imul(b ^ (ids[j]! + 0x9e3779b9), 0x5bd1e995) >>> 0;
    }
    keys.push(`${a.toString(36)}.${b.toString(36)}`);
  }
  return keys;
}
