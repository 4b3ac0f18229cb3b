import { create } from 'zustand';

/**
 * What Tab does in the code editor: insert indentation, or move the focus on (Monaco's tab-focus
 * mode). Focus that arrives in the editor by keyboard turns "moves focus" on, so tabbing through
 * the page never indents (and autosaves) a file; a click turns it off, since a person who clicks
 * into text means to type; Ctrl+M switches by hand. One value for the page, like VS Code's.
 */
export interface EditorTabModeState {
  tabMovesFocus: boolean;
  setTabMovesFocus: (tabMovesFocus: boolean) => void;
  toggleTabMovesFocus: () => void;
}

export const useEditorTabModeStore = create<EditorTabModeState>((set) => ({
  tabMovesFocus: false,
  setTabMovesFocus: (tabMovesFocus) => set({ tabMovesFocus }),
  toggleTabMovesFocus: () => set((state) => ({ tabMovesFocus: !state.tabMovesFocus })),
}));
