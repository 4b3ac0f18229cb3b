/**
 * Runs once per server process before it serves a request. On Node it installs
 * the connection guard: the socket address the proxy's per-client limits key
 * on, and the headers and request deadlines (lib/model/server/connection-guard.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installConnectionGuard } = await import('@/lib/model/server/connection-guard');
  installConnectionGuard(process.env);
}
