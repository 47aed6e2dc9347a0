// bird_sql: BIRD-style questions over a SQL dump ("### Question ... ### Answer:"), answered after a
// line of reasoning with the final ```sql block. Wrong path, per question: the wrong year, the
// name columns swapped (BIRD compares rows as tuples), the discount left out, the lowest score
// instead of the highest, a misspelt column (the SQL does not run).
import { lastUserText } from "../policy/conversation.ts";
import { answerSql, type SqlTask } from "../policy/sql.ts";
import type { Action, Situation, Skill } from "../policy/types.ts";

const TASKS: SqlTask[] = [
  {
    recognise: /orders placed in 2023 were shipped with the Same Day/,
    right: "SELECT COUNT(*) FROM orders WHERE order_date LIKE '2023-%' AND ship_mode = 'Same Day'",
    wrong: "SELECT COUNT(*) FROM orders WHERE order_date LIKE '2022-%' AND ship_mode = 'Same Day'",
  },
  {
    recognise: /names of the customers in the Corporate segment who live in Denver/,
    right: "SELECT first_name, last_name FROM customers WHERE city = 'Denver' AND segment = 'Corporate' ORDER BY last_name",
    wrong: "SELECT last_name, first_name FROM customers WHERE city = 'Denver' AND segment = 'Corporate'",
  },
  {
    recognise: /total revenue of Furniture products in delivered orders/,
    right:
      "SELECT SUM(T1.quantity * T2.`Unit Price` * (1 - T1.discount)) FROM order_items AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id INNER JOIN orders AS T3 ON T1.order_id = T3.order_id WHERE T2.category = 'Furniture' AND T3.status = 'Delivered'",
    wrong:
      "SELECT SUM(T1.quantity * T2.`Unit Price`) FROM order_items AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id INNER JOIN orders AS T3 ON T1.order_id = T3.order_id WHERE T2.category = 'Furniture' AND T3.status = 'Delivered'",
  },
  {
    recognise: /school in the Riverside Unified district has the highest average SAT math score/,
    right:
      "SELECT s.school_name FROM schools AS s JOIN sat_scores AS t ON t.school_id = s.school_id WHERE s.district_id = (SELECT district_id FROM districts WHERE district_name = 'Riverside Unified') AND t.avg_math = (SELECT MAX(t2.avg_math) FROM sat_scores AS t2 JOIN schools AS s2 ON s2.school_id = t2.school_id WHERE s2.district_id = s.district_id)",
    wrong:
      "SELECT T1.school_name FROM schools AS T1 INNER JOIN sat_scores AS T2 ON T1.school_id = T2.school_id INNER JOIN districts AS T3 ON T1.district_id = T3.district_id WHERE T3.district_name = 'Riverside Unified' ORDER BY T2.avg_math ASC LIMIT 1",
  },
  {
    recognise: /charter schools with SAT results, what percentage have an average reading score above 500/,
    right:
      "SELECT CAST(SUM(CASE WHEN T2.avg_read > 500 THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(*) FROM schools AS T1 INNER JOIN sat_scores AS T2 ON T1.school_id = T2.school_id WHERE T1.charter = 1",
    wrong:
      "SELECT CAST(SUM(CASE WHEN T2.avg_reading > 500 THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(*) FROM schools AS T1 INNER JOIN sat_scores AS T2 ON T1.school_id = T2.school_id WHERE T1.charter = 1",
  },
];

const QUESTION = /### Question\n([\s\S]*?)\n\n/;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const question = QUESTION.exec(prompt)?.[1] ?? prompt;
  return answerSql(TASKS, question, prompt, correct, "I find the tables the question needs in the dump, join them on their keys and filter as asked.");
}

export default { play } satisfies Skill;
