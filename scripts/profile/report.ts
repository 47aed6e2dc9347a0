// X_report.html: the profile as one self-contained page (uPlot, its CSS, the data and the page's
// script inline; nothing fetched), its numbers reduced by report_data.ts and drawn by the page
// (report_page.ts).
import { writeFile } from "node:fs/promises";
import { siblingPath } from "../collect/jsonl.ts";
import type { Profile } from "./profile.ts";
import { readDetails, reportData } from "./report_data.ts";
import { reportPage } from "./report_page.ts";

/** Writes X_report.html beside the rollouts file the profile was made from; returns its path. */
export async function writeReport(profile: Profile, rollouts: string): Promise<string> {
  const path = siblingPath(rollouts, "report.html");
  await writeFile(path, reportPage(reportData(profile, await readDetails(rollouts), rollouts)));
  return path;
}
