import type { Page } from '@playwright/test';

/**
 * Holds back every script chunk of the page whose text contains `marker` until `release` is
 * called: how a test stands where a part of the page has not got its code yet (the parts that
 * load after the tree). Other chunks pass at once. The route stays until `stop`.
 */
export interface HeldScripts {
  /** How many chunks are being held. */
  count(): number;
  /** Lets the held chunks go, and any later one with the marker too. */
  release(): Promise<void>;
  /** Removes the route; a chunk still in flight as the page closes is no failure. */
  stop(): Promise<void>;
}

export async function holdScriptsNaming(page: Page, marker: string): Promise<HeldScripts> {
  const held: Array<() => Promise<void>> = [];
  let holding = true;
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    const send = () => route.fulfill({ response, body });
    if (holding && body.includes(marker)) held.push(send);
    else await send();
  });
  return {
    count: () => held.length,
    async release() {
      holding = false;
      for (const send of held.splice(0)) await send();
    },
    stop: () => page.unrouteAll({ behavior: 'ignoreErrors' }),
  };
}
