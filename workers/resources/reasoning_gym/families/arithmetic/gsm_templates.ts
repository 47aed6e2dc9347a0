// Our own grade-school word problems for gsm_symbolic's generator: each draws its numbers, states
// the problem, and works out the whole-number answer with the steps (the library's answer_cot).
import type { Rng } from "../rng.ts";

export interface WordProblem {
  question: string;
  value: number;
  steps: string[];
  variables: Record<string, number | string>;
}

const NAMES = ["Amara", "Bilal", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hana", "Ivo", "Jonas", "Keiko", "Lucia", "Mateo", "Nadia", "Omar", "Priya"];

export const TEMPLATES: readonly ((rng: Rng) => WordProblem)[] = [
  (rng) => {
    const name = rng.choice(NAMES);
    const [trays, perTray] = [rng.int(2, 9), rng.int(6, 24)];
    const baked = trays * perTray;
    const sold = rng.int(1, baked - 2);
    const given = rng.int(1, baked - sold - 1);
    const value = baked - sold - given;
    return {
      question: `${name} bakes ${trays} trays of muffins with ${perTray} muffins on each tray. ${name} sells ${sold} muffins at the market and gives ${given} to neighbours. How many muffins are left?`,
      value,
      steps: [`${trays} × ${perTray} = ${baked} muffins baked`, `${baked} - ${sold} - ${given} = ${value} muffins left`],
      variables: { name, trays, per_tray: perTray, sold, given },
    };
  },
  (rng) => {
    const name = rng.choice(NAMES);
    const [weekly, weeks] = [rng.int(5, 60), rng.int(3, 20)];
    const saved = weekly * weeks;
    const spent = rng.int(1, saved - 1);
    const value = saved - spent;
    return {
      question: `${name} puts aside $${weekly} every week for ${weeks} weeks, then spends $${spent} on a bicycle. How many dollars does ${name} have left?`,
      value,
      steps: [`${weekly} × ${weeks} = ${saved} dollars saved`, `${saved} - ${spent} = ${value} dollars left`],
      variables: { name, weekly, weeks, spent },
    };
  },
  (rng) => {
    const [rows, plants, fruits] = [rng.int(3, 15), rng.int(4, 20), rng.int(2, 12)];
    const grown = rows * plants * fruits;
    const spoiled = rng.int(1, grown - 1);
    const value = grown - spoiled;
    return {
      question: `A garden has ${rows} rows of tomato plants with ${plants} plants in each row. Every plant gives ${fruits} tomatoes, but ${spoiled} tomatoes spoil before harvest. How many tomatoes are harvested?`,
      value,
      steps: [`${rows} × ${plants} = ${rows * plants} plants`, `${rows * plants} × ${fruits} = ${grown} tomatoes`, `${grown} - ${spoiled} = ${value} tomatoes harvested`],
      variables: { rows, plants, fruits, spoiled },
    };
  },
  (rng) => {
    const start = rng.int(10, 60);
    const off = rng.int(1, start - 1);
    // The second stop halves the riders, so their number is made even.
    const on = rng.int(1, 30) * 2 - ((start - off) % 2);
    const riding = start - off + on;
    const value = riding / 2;
    return {
      question: `A bus leaves the depot with ${start} passengers. At the first stop ${off} people get off and ${on} get on. At the second stop half of the passengers get off and nobody gets on. How many passengers are still on the bus?`,
      value,
      steps: [`${start} - ${off} + ${on} = ${riding} passengers after the first stop`, `${riding} / 2 = ${value} passengers remain`],
      variables: { start, off, on },
    };
  },
  (rng) => {
    const name = rng.choice(NAMES);
    const [daily, firstDays, laterDays] = [rng.int(5, 30), rng.int(2, 7), rng.int(1, 5)];
    const read = daily * firstDays + 2 * daily * laterDays;
    const pages = read + rng.int(0, 200);
    const value = pages - read;
    return {
      question: `${name}'s book has ${pages} pages. ${name} reads ${daily} pages a day for ${firstDays} days, then twice as many pages a day for the next ${laterDays} days. How many pages are left to read?`,
      value,
      steps: [`${daily} × ${firstDays} = ${daily * firstDays} pages`, `${2 * daily} × ${laterDays} = ${2 * daily * laterDays} pages`, `${pages} - ${daily * firstDays} - ${2 * daily * laterDays} = ${value} pages left`],
      variables: { name, pages, daily, first_days: firstDays, later_days: laterDays },
    };
  },
  (rng) => {
    const name = rng.choice(NAMES);
    const [notebooks, notebookPrice, pens, penPrice] = [rng.int(2, 10), rng.int(2, 9), rng.int(2, 12), rng.int(1, 4)];
    const total = notebooks * notebookPrice + pens * penPrice;
    const bill = [20, 50, 100, 200].find((b) => b >= total)!;
    const value = bill - total;
    return {
      question: `${name} buys ${notebooks} notebooks at $${notebookPrice} each and ${pens} pens at $${penPrice} each, and pays with a $${bill} bill. How many dollars of change does ${name} get?`,
      value,
      steps: [`${notebooks} × ${notebookPrice} + ${pens} × ${penPrice} = ${total} dollars`, `${bill} - ${total} = ${value} dollars of change`],
      variables: { name, notebooks, notebook_price: notebookPrice, pens, pen_price: penPrice, bill },
    };
  },
  (rng) => {
    const name = rng.choice(NAMES);
    const [weekday, weekend, weeks] = [rng.int(2, 10), rng.int(5, 20), rng.int(2, 8)];
    const perWeek = 5 * weekday + 2 * weekend;
    const value = perWeek * weeks;
    return {
      question: `${name} runs ${weekday} km on each weekday and ${weekend} km on each day of the weekend. How many kilometres does ${name} run in ${weeks} weeks?`,
      value,
      steps: [`5 × ${weekday} + 2 × ${weekend} = ${perWeek} km a week`, `${perWeek} × ${weeks} = ${value} km`],
      variables: { name, weekday, weekend, weeks },
    };
  },
  (rng) => {
    // A class whose quarters and the thirds of the rest are whole: a multiple of 12.
    const students = 12 * rng.int(2, 6);
    const walk = students / 4;
    const bike = (students - walk) / 3;
    const value = students - walk - bike;
    return {
      question: `A class has ${students} students. A quarter of them walk to school, a third of the others cycle, and the rest take the bus. How many students take the bus?`,
      value,
      steps: [`${students} / 4 = ${walk} walk`, `(${students} - ${walk}) / 3 = ${bike} cycle`, `${students} - ${walk} - ${bike} = ${value} take the bus`],
      variables: { students },
    };
  },
];
