// npm run dev: the API with reload on port 3001, and Vite with hot reload on port 3000.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3001' },
  }),
  spawn('npx', ['vite', 'apps/web'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3000', API_PORT: '3001' },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
