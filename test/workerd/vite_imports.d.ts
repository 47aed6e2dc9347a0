// Tests in workerd read bundled data files through Vite's `?raw` imports (workerd has no file
// system) and find implementations with `import.meta.glob`: Vite's types for both.
/// <reference types="vite/client" />
