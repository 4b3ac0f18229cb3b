import type { PanelGroupStorage } from 'react-resizable-panels';

/**
 * Where the areas' sizes are kept: this browser's localStorage. A browser that refuses storage
 * keeps its sizes for the session only.
 */
export const layoutStorage: PanelGroupStorage = {
  getItem: (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: (key, value) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage refused or full: the layout still applies, it is only not kept.
    }
  },
};
