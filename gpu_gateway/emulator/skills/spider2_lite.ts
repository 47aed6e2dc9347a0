// spider2_lite: Spider 2.0-Lite-style questions ("<DATABASE_SCHEMA> ... <QUESTION> ..."), answered
// with one ```sql block. Wrong path, per question: the rating filter dropped, the film's list price
// summed instead of what was paid, rentals counted instead of customers, hours instead of days,
// every 2006 film instead of the never-rented ones.
import { lastUserText } from "../policy/conversation.ts";
import { answerSql, type SqlTask } from "../policy/sql.ts";
import type { Action, Situation, Skill } from "../policy/types.ts";

const TASKS: SqlTask[] = [
  {
    recognise: /three actors appear in the most PG-13 films/,
    right:
      "WITH pg13 AS (\n  SELECT fa.actor_id, COUNT(*) AS films\n  FROM film_actor fa JOIN film f ON f.film_id = fa.film_id\n  WHERE f.rating = 'PG-13'\n  GROUP BY fa.actor_id\n)\nSELECT a.first_name, a.last_name, p.films\nFROM pg13 p JOIN actor a ON a.actor_id = p.actor_id\nORDER BY p.films DESC\nLIMIT 3;",
    wrong: "SELECT a.first_name, a.last_name, COUNT(*) AS film_count\nFROM actor a\nJOIN film_actor fa ON fa.actor_id = a.actor_id\nGROUP BY a.actor_id\nORDER BY film_count DESC\nLIMIT 3;",
  },
  {
    recognise: /For each film category, what is the total rental revenue/,
    right:
      "SELECT c.name AS category, ROUND(SUM(r.amount), 2) AS total_revenue\nFROM category c\nJOIN film_category fc ON fc.category_id = c.category_id\nJOIN rental r ON r.film_id = fc.film_id\nGROUP BY c.category_id\nORDER BY total_revenue DESC;",
    wrong:
      "SELECT c.name AS category, SUM(f.rental_rate) AS total_revenue\nFROM category c\nJOIN film_category fc ON fc.category_id = c.category_id\nJOIN film f ON f.film_id = fc.film_id\nJOIN rental r ON r.film_id = f.film_id\nGROUP BY c.category_id\nORDER BY total_revenue DESC;",
  },
  {
    recognise: /How many different customers living in Lakeview/,
    right:
      "SELECT COUNT(*)\nFROM customer c\nWHERE c.city = 'Lakeview'\n  AND EXISTS (SELECT 1 FROM rental r JOIN film f ON f.film_id = r.film_id WHERE r.customer_id = c.customer_id AND f.length > 120);",
    wrong: "SELECT COUNT(*)\nFROM customer c\nJOIN rental r ON r.customer_id = c.customer_id\nJOIN film f ON f.film_id = r.film_id\nWHERE c.city = 'Lakeview' AND f.length > 120;",
  },
  {
    recognise: /how many days did the returned rentals of Comedy films last/,
    right:
      "SELECT ROUND(AVG(julianday(r.return_date) - julianday(r.rental_date)), 3)\nFROM rental r\nJOIN film_category fc ON fc.film_id = r.film_id\nWHERE fc.category_id = (SELECT category_id FROM category WHERE name = 'Comedy')\n  AND r.return_date IS NOT NULL;",
    wrong:
      "SELECT AVG(julianday(r.return_date) - julianday(r.rental_date)) * 24\nFROM rental r\nJOIN film_category fc ON fc.film_id = r.film_id\nJOIN category c ON c.category_id = fc.category_id\nWHERE c.name = 'Comedy' AND r.return_date IS NOT NULL;",
  },
  {
    recognise: /titles of the films released in 2006 that have never been rented/,
    right: "SELECT title\nFROM film\nWHERE release_year = 2006\n  AND film_id NOT IN (SELECT film_id FROM rental);",
    wrong: "SELECT title\nFROM film\nWHERE release_year = 2006;",
  },
];

const QUESTION = /<QUESTION>\n([\s\S]*?)\n<\/QUESTION>/;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const question = QUESTION.exec(prompt)?.[1] ?? prompt;
  return answerSql(TASKS, question, prompt, correct, "Here is the query.");
}

export default { play } satisfies Skill;
