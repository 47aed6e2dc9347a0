// Stands in for zod's locales barrel in Worker bundles (scripts/plan/build.ts): `z.locales` holds
// every language's error messages, about 200 KB of every Worker that esbuild cannot drop because
// `z` is used as a namespace. Nothing of ours switches language, so English, the default, is all.
export { default as en } from "zod/v4/locales/en.js";
