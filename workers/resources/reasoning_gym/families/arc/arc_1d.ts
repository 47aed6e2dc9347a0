// arc_1d: apply the rule the 1-D grid examples show to the test row; the library's base scorer (the stored answer exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configRange } from "../support/generator_config.ts";
import { makePair, TASK_NAMES } from "./tasks_1d.ts";

const row = (cells: readonly number[]) => cells.join(" ");

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const [min, max] = configRange(config, "size", [10, 30], [8, 10_000]);
  const numTrain = configInt(config, "num_train", 3, 1, 100);
  const name = rng.choice(TASK_NAMES);
  const size = rng.int(min, max);
  const train = Array.from({ length: numTrain }, () => makePair(rng, name, size));
  const test = makePair(rng, name, size);
  const examples = train.map((p, i) => `Example ${i + 1}:\nInput:  ${row(p.input)}\nOutput: ${row(p.output)}`).join("\n\n");
  return {
    question: `Each example below turns an input row of colours (0 to 9) into an output row by one rule.\n\n${examples}\n\nApply the same rule to this input row and answer with the output row only, its numbers separated by spaces.\n\nInput:\n${row(test.input)}`,
    answer: row(test.output),
    metadata: { source_dataset: "arc_1d", source_index: index, task_name: name, size, train_examples: train, test_example: test, difficulty: { size: [min, max] } },
  };
}

export default defineFamily({ name: "arc_1d", category: "arc", scorer: "default", score: defaultScore, generate });
