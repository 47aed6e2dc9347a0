// tsumego: the capturing move, e.g. "C4", compared upper-cased and stripped. Exact: 1.0; an answer
// containing it: its share of the answer's length; another move written letter-number: 0.05; any
// other text 0.01; no answer 0.
import { pyLen, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configRange } from "../support/generator_config.ts";
import { capturePosition } from "./go_board.ts";

// Python's re.match with `$` and a Unicode `\d`.
const MOVE = /^[A-Z]\p{Nd}+\n?$/u;

const ATTEMPTS = 1000;

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minSize, maxSize] = configRange(config, "board_size", [9, 13], [5, 19]);
  const maxStones = configInt(config, "max_stones", 15, 5, 100);
  const size = rng.int(minSize, maxSize);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const position = capturePosition(rng, size, maxStones - 4);
    if (!position) continue;
    const { board, key } = position;
    const letters = Array.from({ length: size }, (_, i) => String.fromCharCode(65 + i));
    const drawn = [`   ${letters.join(" ")}`, ...board.map((row, r) => `${String(size - r).padStart(2)} ${row.join(" ")}`)].join("\n");
    const answer = `${letters[key[1]]}${size - key[0]}`;
    return {
      question: `A Go position (X black, O white, . empty; columns A onwards from the left, rows numbered from the bottom):\n\n\`\`\`\n${drawn}\n\`\`\`\n\nBlack to play: which move captures white stones? Answer with its point, like C4.`,
      answer,
      metadata: { source_dataset: "tsumego", source_index: index, board, board_size: size, difficulty: { board_size: [minSize, maxSize] } },
    };
  }
  throw new RangeError(`no capture problem on a ${size}x${size} board in ${ATTEMPTS} attempts: lower max_stones`);
}

export default defineFamily({
  name: "tsumego",
  category: "games",
  scorer: "own",
  generate,
  score(answer, entry) {
    if (typeof entry.answer !== "string") throw new TypeError("tsumego needs its stored move");
    const oracle = pyStrip(entry.answer);
    if (answer === null || answer.length === 0) return 0;
    const given = pyStrip(answer).toUpperCase();
    if (given === oracle) return 1;
    if (given.includes(oracle)) return pyLen(oracle) / pyLen(given);
    return MOVE.test(given) ? 0.05 : 0.01;
  },
});
