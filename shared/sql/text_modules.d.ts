// SQL files that Worker code imports as text (`with { type: "text" }`): esbuild and wrangler bundle
// them as strings, and the vitest configuration loads them the same way.
declare module "*.sql" {
  const text: string;
  export default text;
}
