// Headless Chromium for the browser tests and `npm run screenshots`: the build inside the
// @sparticuz/chromium npm package (x64 Linux, nothing downloaded at install), driven by
// playwright-core; another build via EDGE_GYM_CHROMIUM. Both packages are dev dependencies.
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { brotliDecompressSync, createBrotliDecompress } from "node:zlib";
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";

// @sparticuz/chromium ships a headless Chromium for x64 Linux inside the npm package (brotli files
// under bin/, nothing downloaded at install), so `npm ci` is all this test needs. Unpacked once per
// package version into node_modules/.cache (which `npm ci` clears): the binary, the NSS/NSPR/expat
// libraries it links (al2023.tar.br) and a font, so the browser needs nothing from the system.
// The package's own executablePath() unpacks into the shared os.tmpdir() and, as root, chowns
// the font files to uid 1001 (which fails under `unshare -r`), so this reads its files directly.
// Staged, then renamed into place: two test runs at once never launch a half-written binary.
async function packagedChromium(): Promise<{ executablePath: string; env: NodeJS.ProcessEnv }> {
  const packageDir = join(dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..");
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
  const root = join(packageDir, "..", "..", ".cache", `edge-gym-sparticuz-chromium-${version}`);
  if (!existsSync(join(root, "ready"))) {
    const staging = `${root}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const packed = (name: string) => join(packageDir, "bin", name);
    await pipeline(createReadStream(packed("chromium.br")), createBrotliDecompress(), createWriteStream(join(staging, "chromium"), { mode: 0o755 }));
    untar(brotliDecompressSync(readFileSync(packed("al2023.tar.br"))), staging); // lib/libnss3.so, ...
    untar(brotliDecompressSync(readFileSync(packed("fonts.tar.br"))), staging); // fonts/Open_Sans/*.ttf
    writeFileSync(join(staging, "fonts.conf"), `<?xml version="1.0"?>\n<fontconfig><dir>${root}/fonts</dir><cachedir>${root}/fonts-cache</cachedir></fontconfig>\n`);
    writeFileSync(join(staging, "ready"), `${version}\n`);
    try {
      renameSync(staging, root);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another run got there first
    }
  }
  const libraries = [join(root, "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":");
  return { executablePath: join(root, "chromium"), env: { ...process.env, LD_LIBRARY_PATH: libraries, FONTCONFIG_FILE: join(root, "fonts.conf") } };
}

// The package's tarballs hold plain files and folders with short names.
function untar(tar: Buffer, into: string) {
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const field = (from: number, to: number) => tar.toString("latin1", at + from, at + to).replace(/\0[^]*$/, "").trim();
    const name = field(0, 100);
    const size = Number.parseInt(field(124, 136) || "0", 8);
    const type = field(156, 157) || "0";
    const path = join(into, name);
    if (!path.startsWith(`${into}/`)) throw new Error(`tar entry outside the target folder: ${name}`);
    if (type === "5") mkdirSync(path, { recursive: true });
    else if (type === "0") {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, tar.subarray(at + 512, at + 512 + size), { mode: Number.parseInt(field(100, 108), 8) });
    } else throw new Error(`tar entry of unexpected type ${type}: ${name}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/** A headless browser that fetches nothing it is not sent to (no updates, sync or QUIC). */
export async function launchChromium(): Promise<Browser> {
  const own = process.env.EDGE_GYM_CHROMIUM;
  const { executablePath, env } = own ? { executablePath: own, env: process.env } : await packagedChromium();
  return chromium.launch({
    executablePath,
    // A POSIX locale (LANG unset or C) makes navigator.language "en-US@posix", which Intl rejects:
    // pages that format numbers (uPlot does at load) would throw.
    env: { ...env, LANG: "en_US.UTF-8" },
    headless: true,
    args: ["--lang=en-US", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
