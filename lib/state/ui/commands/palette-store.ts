import { create } from 'zustand';

/** Whether the command palette is open. Its code loads when it first opens (components/command-palette). */
export interface PaletteState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const usePaletteStore = create<PaletteState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
