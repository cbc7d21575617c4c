import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// `npm run dev` proxies the API and the WebSocket to a server started with
// `feldherr serve --port 8099` (docs/web.md).
const server = process.env.FELDHERR_SERVER ?? 'http://127.0.0.1:8099';

export default defineConfig({
  plugins: [preact()],
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
