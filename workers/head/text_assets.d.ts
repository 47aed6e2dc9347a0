// uPlot's browser build and stylesheet, which the head serves to the dashboard: imported as text
// (`with { type: "text" }`), bundled as strings by esbuild and wrangler, and by the vitest config.
declare module "uplot/dist/uPlot.iife.min.js" {
  const text: string;
  export default text;
}

declare module "uplot/dist/uPlot.min.css" {
  const text: string;
  export default text;
}
