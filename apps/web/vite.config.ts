import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server `npm run dev:server` starts; the dev server forwards /world (HTTP and WebSocket) to it. */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/world': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
