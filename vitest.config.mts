import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // Tests run server modules in Node: `server-only` resolves to its own empty marker, as under react-server.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // A hang guard, not a speed check: whole-flow tests (the pitch-deck demo, stand-ins) take
    // 1-2 s alone but several times that on a busy 2-core machine.
    testTimeout: 30_000,
    // Vitest's default on 2 cores is one file at a time; the longest files mostly wait on child
    // processes and servers (the CLI, queue workers, Redis), so two at a time keeps both cores
    // busy: 439 s -> 218 s for the suite on the 2-core CI machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
