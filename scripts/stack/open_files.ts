// Which files the workerd processes on this machine hold open, read from /proc (Linux only).
import { existsSync, readdirSync, readlinkSync } from "node:fs";
import { basename } from "node:path";

/** Whether this machine lets workerdOpenFiles see anything (Linux). */
export const openFilesReadable = (): boolean => existsSync("/proc");

/** Each workerd process's open files by real path; null where there is no /proc to read. */
export function workerdOpenFiles(): Map<number, string[]> | null {
  if (!openFilesReadable()) return null;
  const open = new Map<number, string[]>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (basename(readlinkSync(`/proc/${pid}/exe`)) !== "workerd") continue;
      const files: string[] = [];
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          files.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
        } catch {
          // Closed between the listing and now.
        }
      }
      open.set(Number(pid), files);
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
  return open;
}
