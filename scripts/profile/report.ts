// X_report.html: the profile as one self-contained page (inline CSS, JS and SVG; nothing fetched),
// its numbers reduced by report_data.ts and drawn by the page (report_page.ts).
import { writeFile } from "node:fs/promises";
import { siblingPath } from "../collect/jsonl.ts";
import type { Profile } from "./profile.ts";
import { reportData } from "./report_data.ts";
import { reportPage } from "./report_page.ts";

export async function writeReport(profile: Profile, rollouts: string): Promise<string> {
  const path = siblingPath(rollouts, "report.html");
  await writeFile(path, reportPage(reportData(profile, rollouts)));
  return path;
}
