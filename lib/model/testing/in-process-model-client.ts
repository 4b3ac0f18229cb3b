/** Tests and benches import the in-process client from here; the command line uses it in production (lib/cli). */
export { createInProcessModelClient } from '@/lib/model/server/in-process-model-client';
