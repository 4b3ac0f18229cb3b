import { create } from 'zustand';

/**
 * The one markdown file the editor pane shows rendered; opening another file shows its source
 * again. A store rather than the pane's own state, so a run's markdown result can open rendered.
 */
export interface MarkdownPreviewState {
  previewPath: string | null;
  setPreviewPath: (path: string | null) => void;
}

export const useMarkdownPreviewStore = create<MarkdownPreviewState>((set) => ({
  previewPath: null,
  setPreviewPath: (previewPath) => set({ previewPath }),
}));

export function isMarkdownPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.endsWith('.md') || lower.endsWith('.markdown');
}
