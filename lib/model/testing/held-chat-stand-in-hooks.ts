import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { heldChatEnvironment, startHeldChatStandIn, type HeldChatStandIn } from './held-chat-stand-in';

/**
 * The held chat stand-in for a whole test file: started before its tests and
 * closed after them; before each test the server's environment offers only it
 * and it holds afresh (the routes' own error logs are silenced); after each,
 * what it held is released and the environment restored. The object returned
 * reads through to the running stand-in.
 */
export function heldChatStandInForTheFile(): HeldChatStandIn {
  let running: HeldChatStandIn | undefined;
  const current = (): HeldChatStandIn => {
    if (running === undefined) throw new Error('the held chat stand-in is used outside the tests that start it');
    return running;
  };
  beforeAll(async () => {
    running = await startHeldChatStandIn();
  });
  afterAll(() => current().close());
  beforeEach(() => {
    for (const [name, value] of Object.entries(heldChatEnvironment(current()))) vi.stubEnv(name, value);
    current().reset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    current().release();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get asked() {
      return current().asked;
    },
    get conversations() {
      return current().conversations;
    },
    get cancelled() {
      return current().cancelled;
    },
    get failWith() {
      return current().failWith;
    },
    set failWith(failure) {
      current().failWith = failure;
    },
    release: () => current().release(),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}
