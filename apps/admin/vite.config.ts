import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// `source` first so that @csc/shared resolves to its TypeScript source (no separate build step).
export default defineConfig({
  base: "/",
  plugins: [react()],
  resolve: { conditions: ["source", ...defaultClientConditions] },
  server: {
    port: 5173,
    // No changeOrigin: the API decides the site from the Host header the browser sent.
    proxy: { "/api": { target: process.env.CSC_API_URL ?? "http://localhost:3000" } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1600,
  },
});
