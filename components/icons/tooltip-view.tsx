'use client';

import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement } from 'react';

/** Radix's tooltip around one control: shown after a short delay on hover, at once on keyboard focus. */
export function TooltipView({ text, children }: { text: string; children: ReactElement }) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" sideOffset={4} collisionPadding={8}>
            {text}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
