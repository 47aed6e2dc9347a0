// Tests in workerd read bundled data files through Vite's `?raw` imports (workerd has no file system).
declare module "*?raw" {
  const text: string;
  export default text;
}
