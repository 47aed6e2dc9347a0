// Dates and times as the tools take them (pd.Timestamp reads far more; these are the forms the
// tool descriptions ask for): "YYYY-MM-DD", optionally with " HH:MM[:SS]" or "THH:MM[:SS]".
const FORM = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The moment as "YYYY-MM-DD HH:MM:SS" (text that sorts as time does), or undefined for anything else. */
export function timestamp(text: string): string | undefined {
  const m = FORM.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** The calendar date of a moment, "YYYY-MM-DD". */
export const dateOf = (text: string): string | undefined => timestamp(text)?.slice(0, 10);
