// The GSM8k problems this server ships (no dataset download at run time): the first rows of
// fhaviary's `train` split, which is the GSM8K train set (openai/gsm8k, "main", MIT) without every
// fifth row (source rows 0, 5, 10, ...). task_idx indexes this list, as it indexes that split in the
// reference; `answer` is the number after "####" in the source's solution.
export interface Gsm8kTask {
  /** The row's place in the GSM8K train set. */
  source_idx: number;
  question: string;
  answer: number;
}

export const GSM8K_TRAIN: readonly Gsm8kTask[] = [
  { source_idx: 1, question: "Weng earns $12 an hour for babysitting. Yesterday, she just did 50 minutes of babysitting. How much did she earn?", answer: 10 },
  { source_idx: 2, question: "Betty is saving money for a new wallet which costs $100. Betty has only half of the money she needs. Her parents decided to give her $15 for that purpose, and her grandparents twice as much as her parents. How much more money does Betty need to buy the wallet?", answer: 5 },
  { source_idx: 3, question: "Julie is reading a 120-page book. Yesterday, she was able to read 12 pages and today, she read twice as many pages as yesterday. If she wants to read half of the remaining pages tomorrow, how many pages should she read?", answer: 42 },
  { source_idx: 4, question: "James writes a 3-page letter to 2 different friends twice a week.  How many pages does he write a year?", answer: 624 },
  { source_idx: 6, question: "Albert is wondering how much pizza he can eat in one day. He buys 2 large pizzas and 2 small pizzas. A large pizza has 16 slices and a small pizza has 8 slices. If he eats it all, how many pieces does he eat that day?", answer: 48 },
];
