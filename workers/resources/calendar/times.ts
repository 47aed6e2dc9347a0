// Times of day as the reference reads them, in minutes after midnight: "2pm", "10:30am" (a 12-hour
// time needs a lower-case am or pm), "14:30" (24-hour, hours and minutes); 12am is midnight. Whatever
// Python's int() would refuse is an error, so a time the reference could not read is not read here.

/** Python's int() of a text: surrounding blanks, a sign, underscores between digits. */
function pyInt(text: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?\d+(?:_\d+)*$/.test(trimmed)) throw new Error(`invalid literal for int(): ${JSON.stringify(text)}`);
  return Number(trimmed.replaceAll("_", ""));
}

function hoursAndMinutes(text: string): [number, number] {
  const parts = text.split(":");
  if (parts.length !== 2) throw new Error(`not hours:minutes: ${JSON.stringify(text)}`);
  return [pyInt(parts[0]!), pyInt(parts[1]!)];
}

export function timeToMinutes(time: string): number {
  const text = time.trim();
  const half = text.includes("am") ? "am" : text.includes("pm") ? "pm" : undefined;
  if (half === undefined) {
    const [hours, minutes] = hoursAndMinutes(text);
    return hours * 60 + minutes;
  }
  const bare = text.replaceAll(half, "");
  const [hour, minutes] = text.includes(":") ? hoursAndMinutes(bare) : [pyInt(bare), 0];
  return (hour === 12 ? 0 : hour * 60) + (half === "pm" ? 12 * 60 : 0) + minutes;
}
