'use client';

import { IconButton } from '@/components/icons/icon-button';
import { setTheme, useTheme } from './theme';

/** Switches between the dark and the light theme (editors included); the choice is kept in this browser. */
export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return <IconButton icon={next === 'light' ? 'theme-light' : 'theme-dark'} label={`Switch to the ${next} theme`} onClick={() => setTheme(next)} data-testid="theme-toggle" />;
}
