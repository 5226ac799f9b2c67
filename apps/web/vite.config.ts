import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own port (npm run dev); the built app is served by it.
// The proxy keeps the browser's Host (changeOrigin: false; Vite's string shorthand would turn it
// on), so book.localhost:3000 and every other shop's host reach the API as themselves.
const api = { target: `http://localhost:${process.env.API_PORT ?? '3001'}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': api, '/tenancy': api },
    // Shops' development hosts: *.localhost and the reserved .test names (demo.servery.test).
    // Vite refuses other Host headers (DNS rebinding); add one for a session with
    // __VITE_ADDITIONAL_SERVER_ALLOWED_HOSTS=order.my-shop.co.uk npm run dev.
    allowedHosts: ['.localhost', '.test'],
  },
});
