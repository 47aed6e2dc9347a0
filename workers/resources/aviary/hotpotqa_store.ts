// The passage store the HotPotQA environment searches instead of Wikipedia (no network at run time),
// and the questions this server ships. Every question is multi-hop: the first page searched names
// the entity whose page holds the answer. Text and questions are our own, in HotPotQA's shape.
export interface HotpotTask {
  question: string;
  answer: string;
}

/** Page title -> its paragraphs (each a line of the page, as the reference's page text is). */
export const PASSAGES: Readonly<Record<string, readonly string[]>> = {
  "Eiffel Tower": [
    "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris. It was built for the 1889 World's Fair. The engineering firm of Gustave Eiffel designed and built it.",
    "At 330 metres it was the tallest man-made structure in the world until 1930. It is painted every seven years.",
  ],
  "Gustave Eiffel": [
    "Gustave Eiffel was a French civil engineer whose company built bridges and railway viaducts across Europe. He was born in Dijon in 1832. He died in Paris in 1923.",
    "His firm also built the internal frame of the Statue of Liberty.",
  ],
  "Alan Turing": [
    "Alan Turing was an English mathematician and computer scientist. He studied mathematics as an undergraduate at King's College, Cambridge. He later earned a doctorate at Princeton University.",
    "During the Second World War he worked on breaking German ciphers at Bletchley Park.",
  ],
  "King's College, Cambridge": [
    "King's College is a constituent college of the University of Cambridge. It was founded in 1441 by King Henry VI. Its chapel is known for its fan vault.",
  ],
  Lisbon: [
    "Lisbon is the capital and largest city of Portugal. It lies on the estuary of the Tagus river. It is one of the oldest cities in western Europe.",
  ],
  Portugal: [
    "Portugal is a country on the Iberian Peninsula in south-western Europe. Its only land border is with Spain. The Atlantic Ocean lies to its west and south.",
    "Its capital is Lisbon and its official language is Portuguese.",
  ],
  "Carmen (opera)": [
    "Carmen is an opera in four acts by the French composer Georges Bizet. It was first performed in Paris in 1875. The libretto is by Henri Meilhac and Ludovic Halevy.",
  ],
  "Georges Bizet": [
    "Georges Bizet was a French composer of the Romantic era. He was a gifted pianist who won prizes at the Paris Conservatoire. He died in 1875, three months after the premiere of Carmen.",
  ],
  "Alien (film)": [
    "Alien is a 1979 science fiction horror film directed by Ridley Scott. It follows the crew of the commercial space tug Nostromo. The screenplay is by Dan O'Bannon.",
  ],
  Nostromo: [
    "Nostromo is a 1904 novel by Joseph Conrad. The name was later given to the spaceship in the film Alien (film).",
  ],
  "Ridley Scott": [
    "Ridley Scott is an English film director and producer. He was born in South Shields in 1937. His films include Blade Runner and Gladiator.",
  ],
};

/** task_idx -> task: what the rows' task_idx index, as they index the reference's train split. */
export const HOTPOTQA_TASKS: readonly HotpotTask[] = [
  { question: "The Eiffel Tower was designed by the company of an engineer born in which city?", answer: "Dijon" },
  { question: "In what year was the college where Alan Turing took his undergraduate degree founded?", answer: "1441" },
  { question: "Which ocean lies to the west of the country whose capital is Lisbon?", answer: "the Atlantic Ocean" },
  { question: "What instrument was the composer of the opera Carmen known for playing?", answer: "piano" },
  { question: "Who directed the film about the crew of the space tug Nostromo?", answer: "Ridley Scott" },
];
