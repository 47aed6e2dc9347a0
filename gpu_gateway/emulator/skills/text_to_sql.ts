// text_to_sql: a question over a schema given inline (<DIALECT>, <DATABASE_CONTEXT>), answered in
// a ```sql block. Right path: the reference query, laid out on one line; wrong path, per question:
// a typical mistake (>= for >, ASC for DESC, a filter or a DISTINCT left out). A question it does not
// know gets a first look at the schema's first table. The judge compares the two queries between the
// prompt's `<|Start of ...|>` markers after normalising layout, case and a trailing semicolon, and
// answers with the labels its system prompt asks for: truly when `correct`, wrongly otherwise.
import { lastUserText, systemText } from "../policy/conversation.ts";
import { answerSql, type SqlTask } from "../policy/sql.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const TASKS: SqlTask[] = [
  {
    recognise: /latest sensor-drift date, the average temperature deviation/,
    right:
      "WITH filtered_logs AS ( SELECT sl.log_id, s.station_id, ws.station_name, sl.drift_date, sl.temperature_deviation, SUBSTRING_INDEX(sl.reporting_email, '@', -1) AS email_domain FROM sensor_log sl JOIN sensor s ON sl.sensor_id = s.sensor_id JOIN weather_station ws ON s.station_id = ws.station_id WHERE (LENGTH(sl.readings) - LENGTH(REPLACE(sl.readings, ',', ''))) >= 2 ), agg AS ( SELECT station_id, station_name, MAX(drift_date) AS latest_drift_date, AVG(temperature_deviation) AS avg_temp_deviation FROM filtered_logs GROUP BY station_id, station_name ), latest_domain AS ( SELECT station_id, email_domain FROM ( SELECT fl.station_id, fl.email_domain, ROW_NUMBER() OVER (PARTITION BY fl.station_id ORDER BY fl.drift_date DESC) AS rn FROM filtered_logs fl ) t WHERE rn = 1 ) SELECT a.station_id, a.station_name, a.latest_drift_date, ROUND(a.avg_temp_deviation, 2) AS avg_temp_deviation, d.email_domain FROM agg a JOIN latest_domain d ON a.station_id = d.station_id ORDER BY a.avg_temp_deviation DESC;",
    wrong:
      "SELECT ws.station_name, MAX(sl.drift_date) AS latest_drift_date, AVG(sl.temperature_deviation) AS avg_temperature_deviation, SUBSTRING_INDEX(sl.reporting_email, '@', -1) AS email_domain FROM weather_station ws JOIN sensor s ON s.station_id = ws.station_id JOIN sensor_log sl ON sl.sensor_id = s.sensor_id GROUP BY ws.station_id, email_domain ORDER BY avg_temperature_deviation DESC;",
  },
  {
    recognise: /placed more than 3 orders with a total spending exceeding \$500/,
    right: "SELECT c.name, c.email, COUNT(o.order_id) AS order_count, SUM(o.total_amount) AS total_spent FROM customers c JOIN orders o ON c.customer_id = o.customer_id GROUP BY c.customer_id, c.name, c.email HAVING COUNT(o.order_id) > 3 AND SUM(o.total_amount) > 500 ORDER BY total_spent DESC;",
    wrong: "SELECT c.name, c.email, COUNT(o.order_id) AS order_count, SUM(o.total_amount) AS total_spent FROM customers c JOIN orders o ON c.customer_id = o.customer_id GROUP BY c.customer_id, c.name, c.email HAVING COUNT(o.order_id) >= 3 AND SUM(o.total_amount) > 500 ORDER BY total_spent DESC;",
  },
  {
    recognise: /assigned to more than one project/,
    right: "SELECT e.first_name || ' ' || e.last_name AS full_name, e.department, COUNT(DISTINCT pa.project_id) AS project_count FROM employees e JOIN project_assignments pa ON e.employee_id = pa.employee_id GROUP BY e.employee_id, e.first_name, e.last_name, e.department HAVING COUNT(DISTINCT pa.project_id) > 1;",
    wrong: "SELECT e.first_name || ' ' || e.last_name AS full_name, e.department, COUNT(pa.project_id) AS project_count FROM employees e JOIN project_assignments pa ON e.employee_id = pa.employee_id GROUP BY e.employee_id, e.first_name, e.last_name, e.department HAVING COUNT(pa.project_id) > 1;",
  },
  {
    recognise: /top-selling product \(by total quantity sold\)/,
    right: "WITH category_sales AS ( SELECT p.category, p.product_id, p.product_name, SUM(s.quantity_sold) AS total_sold, ROW_NUMBER() OVER (PARTITION BY p.category ORDER BY SUM(s.quantity_sold) DESC) AS rn FROM products p JOIN sales s ON p.product_id = s.product_id GROUP BY p.category, p.product_id, p.product_name ) SELECT category, product_name, total_sold FROM category_sales WHERE rn = 1;",
    wrong: "WITH category_sales AS ( SELECT p.category, p.product_id, p.product_name, SUM(s.quantity_sold) AS total_sold, ROW_NUMBER() OVER (PARTITION BY p.category ORDER BY SUM(s.quantity_sold) ASC) AS rn FROM products p JOIN sales s ON p.product_id = s.product_id GROUP BY p.category, p.product_id, p.product_name ) SELECT category, product_name, total_sold FROM category_sales WHERE rn = 1;",
  },
  {
    recognise: /average number of comments per post for each user/,
    right: "SELECT u.username, COUNT(DISTINCT p.post_id) AS total_posts, COUNT(c.comment_id) AS total_comments, ROUND(COUNT(c.comment_id)::NUMERIC / COUNT(DISTINCT p.post_id), 2) AS avg_comments_per_post FROM users u JOIN posts p ON u.user_id = p.user_id LEFT JOIN comments c ON p.post_id = c.post_id GROUP BY u.user_id, u.username HAVING COUNT(DISTINCT p.post_id) >= 5 ORDER BY avg_comments_per_post DESC;",
    wrong: "SELECT u.username, COUNT(DISTINCT p.post_id) AS total_posts, COUNT(c.comment_id) AS total_comments, ROUND(COUNT(c.comment_id)::NUMERIC / COUNT(DISTINCT p.post_id), 2) AS avg_comments_per_post FROM users u JOIN posts p ON u.user_id = p.user_id LEFT JOIN comments c ON p.post_id = c.post_id GROUP BY u.user_id, u.username ORDER BY avg_comments_per_post DESC;",
  },
];

const QUESTION = /<\/DATABASE_CONTEXT>\s*([\s\S]*)$/;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  return answerSql(TASKS, QUESTION.exec(prompt)?.[1] ?? prompt, prompt, correct, "Here is the query.");
}

const QUERY = /<\|Start of [^|]*\|>\n?([\s\S]*?)\n?<\|End of [^|]*\|>/g;
// Two labels of the form [[X=Y]] and [[X!=Y]] in the system prompt: the verdicts it asks for.
const EQUAL_LABEL = /\[\[(\w+)=(\w+)\]\]/;

const normalise = (sql: string) =>
  sql
    .replace(/--[^\n]*/g, " ")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\s*([(),;=<>+*/-])\s*/g, "$1")
    .replace(/;+$/, "")
    .trim();

function judge({ turns, correct }: Situation): Action {
  const found = EQUAL_LABEL.exec(systemText(turns));
  const equal = found?.[0] ?? "[[A=B]]";
  const notEqual = found ? `[[${found[1]}!=${found[2]}]]` : "[[A!=B]]";
  const [a = "", b = ""] = [...lastUserText(turns).matchAll(QUERY)].map((m) => m[1]!);
  const same = a.trim() !== "" && normalise(a) === normalise(b);
  const says = correct ? same : !same;
  return say(`${same ? "Both queries select the same rows." : "The queries differ in what they return."} My verdict is ${says ? equal : notEqual}.`);
}

export default { play, judge: { play: judge } } satisfies Skill;
