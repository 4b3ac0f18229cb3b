/**
 * Small stroke icons drawn inline, so the UI needs no icon font or emoji font
 * (many Linux browsers have none). Decorative: buttons carry the label.
 */
const PATHS = {
  plus: 'M8 3v10M3 8h10',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  'file-plus': 'M9 2H4.5v12h7V4.5L9 2zM9 2v2.5h2.5M8 7v4.5M5.8 9.2h4.4',
  'folder-plus': 'M2 4h4l1.2 1.5H14V13H2zM8 7.3v4M6 9.3h4',
  upload: 'M8 11V3M4.8 6.2L8 3l3.2 3.2M3 13h10',
  download: 'M8 3v8M4.8 7.8L8 11l3.2-3.2M3 13h10',
  // A folder with an arrow going in: import a folder as a project.
  'folder-import': 'M2 4h4l1.2 1.5H14V13H2zM8 11.5V7.3M6.3 9.8L8 11.5l1.7-1.7',
  // A box with an arrow leaving it: export to another tool's format.
  export: 'M9.5 2.5h4v4M13.5 2.5L8 8M11.5 9v4.5h-9v-9H7',
  rename: 'M10.5 3l2.5 2.5L6 12.5H3.5V10zM9 4.5L11.5 7',
  move: 'M2 4h4l1.2 1.5H14V13H2zM6 9.3h4.5M8.8 7.6l1.7 1.7-1.7 1.7',
  close: 'M4 4l8 8M12 4l-8 8',
  restore: 'M3.5 8a4.5 4.5 0 1 0 1.4-3.3M3 2.5v2.7h2.7',
  promote: 'M8 13.5V5.5M5 8.5l3-3 3 3M3 2.5h10',
  // A play triangle over a baseline: open a recorded run.
  'open-run': 'M5 3.5l6 4-6 4zM3 13.5h10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
