// Files that Worker code imports as text (`with { type: "text" }`): databases' SQL scripts, and the
// Python runner the graders send to the sandbox. esbuild and wrangler bundle them as strings, and
// the vitest configuration loads them the same way.
declare module "*.sql" {
  const text: string;
  export default text;
}

declare module "*.py" {
  const text: string;
  export default text;
}
