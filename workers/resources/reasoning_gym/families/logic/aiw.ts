// aiw: "Alice in Wonderland" counting questions (a brother's sisters, a friend's female friends, a
// shared colleague's female colleagues); the library's base scorer (the stored answer exactly, or
// its share of a longer answer that contains it). Our generator asks the same three kinds of
// question in its own words; each answer counts the woman named in it as one more.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import { configInt } from "../support/generator_config.ts";
import { configStrings, configWeights, pickWeighted } from "../support/generator_lists.ts";

const TASK_TYPES = ["siblings", "friends", "colleagues"];
const MALE = ["James", "John", "Robert", "Michael", "William", "David", "Richard", "Joseph", "Thomas", "Charles", "Bob"];
const FEMALE = ["Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan", "Jessica", "Sarah", "Margaret", "Alice"];

export default defineFamily({
  name: "aiw",
  category: "logic",
  scorer: "default",
  score: defaultScore,
  generate(rng, config, index) {
    const types = configStrings(config, "task_types", TASK_TYPES, TASK_TYPES);
    const weights = configWeights(config, "task_type_weights", types.map(() => 1 / types.length), types.length);
    const most = configInt(config, "max_entities", 6, 1, 1000);
    const females = configStrings(config, "female_names", FEMALE);
    const males = configStrings(config, "male_names", MALE);
    if (!females.includes("Alice")) throw new RangeError("female_names must include Alice");
    const type = pickWeighted(rng, types, weights);
    const she = rng.choice(females);
    const he = rng.choice(males);
    const count = () => rng.int(1, most);
    let question: string;
    let answer: number;
    if (type === "siblings") {
      const [brothers, sisters] = [count(), count()];
      question = `${she} has ${sisters} sisters and ${brothers} brothers. How many sisters does one of ${she}'s brothers have?`;
      answer = sisters + 1;
    } else if (type === "friends") {
      const [men, women] = [count(), count()];
      question = `${she}'s friends are ${men} men and ${women} women; all of them are friends with each other and with nobody else. ${he} is one of the men. How many female friends does ${he} have?`;
      answer = women + 1;
    } else {
      const [herMen, herWomen, hisMen, hisWomen] = [count(), count(), count(), count()];
      question = `${she} has ${herMen} male and ${herWomen} female colleagues, all colleagues of one another. ${he} has ${hisMen} male and ${hisWomen} female colleagues, likewise all colleagues of one another and of nobody else. Matilda, who is none of the people counted so far, is a colleague of ${he}, of ${she} and of everyone in ${she}'s group, and of no one else. How many female colleagues does Matilda have?`;
      answer = herWomen + 1;
    }
    return {
      question: `${question} Answer with a number.`,
      answer: String(answer),
      metadata: { source_dataset: "aiw", source_index: index, task_type: type, difficulty: { task_type_weights: weights, num_entities: most } },
    };
  },
});
