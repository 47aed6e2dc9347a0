// Website analytics: per-day counts over the visits (dates compared as text, as the reference
// compares them), a visitor's records, and plots, which are the state these tools change.
import type { SqlRow } from "../../../../shared/session/sql.ts";
import type { SessionState } from "../../../../shared/session/session.ts";
import { addRow, selectList } from "../world.ts";
import { args, text, workplaceTool } from "./tool.ts";

const PLOTTABLE = ["total_visits", "session_duration_seconds", "user_engaged", "visits_direct", "visits_referral", "visits_search_engine", "visits_social_media"];
const PLOT_TYPES = ["bar", "line", "scatter", "histogram"];
const DATE_FORMAT = "Date format is YYYY-MM-DD";

const range = {
  time_min: text(`Start date of the time range. ${DATE_FORMAT}`).optional(),
  time_max: text(`End date of the time range. ${DATE_FORMAT}`).optional(),
};

/** One value per day of visit in the range, days in order: `aggregate` is an SQL expression over the day's visits. */
async function perDay(state: SessionState, { time_min, time_max }: { time_min?: string; time_max?: string }, aggregate: string, params: string[] = []): Promise<Record<string, unknown>> {
  const conditions = [time_min ? "date_of_visit >= ?" : "", time_max ? "date_of_visit <= ?" : ""].filter(Boolean);
  const bounds = [time_min, time_max].filter((b): b is string => Boolean(b));
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const rows = await state.query(`SELECT date_of_visit AS day, ${aggregate} AS value FROM analytics_data ${where} GROUP BY date_of_visit ORDER BY date_of_visit`, ...params, ...bounds);
  return Object.fromEntries(rows.map((row: SqlRow) => [row.day, row.value]));
}

// A missing cell counts as not engaged, and as no visit from the source.
const ENGAGED = "COALESCE(user_engaged = 'True', 0)";

export const analyticsTools = {
  analytics_get_visitor_information_by_id: workplaceTool(
    args("Returns the analytics data for a given visitor ID.", { visitor_id: text("ID of the visitor") }),
    async ({ visitor_id }, state) => {
      if (!visitor_id) return "Visitor ID not provided.";
      const visits = await state.query(`SELECT ${selectList("analytics_data")} FROM analytics_data WHERE visitor_id = ? ORDER BY rowid`, visitor_id);
      // The reference reads user_engaged as a boolean.
      return visits.length > 0 ? visits.map((visit) => ({ ...visit, user_engaged: visit.user_engaged === "True" })) : "Visitor not found.";
    },
  ),

  analytics_create_plot: workplaceTool(
    args("Plots the analytics data for a given time range and value.", {
      time_min: text(`Start date of the time range. ${DATE_FORMAT}`),
      time_max: text(`End date of the time range. ${DATE_FORMAT}`),
      value_to_plot: text(`Value to plot. Available values are: ${PLOTTABLE.map((v) => `'${v}'`).join(", ")}`),
      plot_type: text("Type of plot. Can be 'bar', 'line', 'scatter' or 'histogram'"),
    }),
    async ({ time_min, time_max, value_to_plot, plot_type }, state) => {
      if (!time_min) return "Start date not provided.";
      if (!time_max) return "End date not provided.";
      if (!PLOTTABLE.includes(value_to_plot)) return `Value to plot must be one of ${PLOTTABLE.map((v) => `'${v}'`).join(", ")}`;
      if (!PLOT_TYPES.includes(plot_type)) return "Plot type must be one of 'bar', 'line', 'scatter', or 'histogram'";
      const filePath = `plots/${time_min}_${time_max}_${value_to_plot}_${plot_type}.png`;
      await state.sql(addRow("plots", { file_path: { sql: "?", params: [filePath] } }));
      return filePath;
    },
  ),

  analytics_total_visits_count: workplaceTool(
    args("Returns the total number of visits within a specified time range.", range),
    (bounds, state) => perDay(state, bounds, "COUNT(*)"),
  ),

  analytics_engaged_users_count: workplaceTool(
    args("Returns the number of engaged users within a specified time range.", range),
    (bounds, state) => perDay(state, bounds, `SUM(${ENGAGED})`),
  ),

  analytics_traffic_source_count: workplaceTool(
    args("Returns the number of visits from a specific traffic source within a specified time range.", {
      ...range,
      traffic_source: text("Traffic source to filter the visits. Available values are: 'direct', 'referral', 'search engine', 'social media'").optional(),
    }),
    // Every day in the range, with 0 on days without a visit from that source.
    ({ traffic_source, ...bounds }, state) => (traffic_source ? perDay(state, bounds, "SUM(COALESCE(traffic_source = ?, 0))", [traffic_source]) : perDay(state, bounds, "COUNT(*)")),
  ),

  analytics_get_average_session_duration: workplaceTool(
    args("Returns the average session duration within a specified time range.", range),
    (bounds, state) => perDay(state, bounds, "AVG(CAST(session_duration_seconds AS REAL))"),
  ),
};
