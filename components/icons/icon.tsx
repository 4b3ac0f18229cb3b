import {
  ArrowUpFromLine,
  ChevronDown,
  ChevronUp,
  CirclePlay,
  Download,
  Ellipsis,
  FileOutput,
  FilePlus,
  FolderDown,
  FolderInput,
  FolderPlus,
  History,
  Moon,
  PanelBottom,
  PanelLeft,
  PanelRight,
  Pencil,
  Plus,
  RotateCcw,
  Search,
  Settings,
  Share2,
  Sun,
  Trash2,
  Upload,
  X,
  type LucideIcon,
} from 'lucide-react';

/**
 * The app's one icon set (lucide), by the names the UI uses for its actions. Inline SVG, so the
 * UI needs no icon font or emoji font (many Linux browsers have none). Decorative: the button
 * around an icon carries the label.
 */
const ICONS = {
  plus: Plus,
  trash: Trash2,
  'file-plus': FilePlus,
  'folder-plus': FolderPlus,
  upload: Upload,
  download: Download,
  export: FileOutput,
  rename: Pencil,
  move: FolderInput,
  // A folder with an arrow going in: import a folder as a project.
  'folder-import': FolderDown,
  close: X,
  restore: RotateCcw,
  promote: ArrowUpFromLine,
  'open-run': CirclePlay,
  history: History,
  share: Share2,
  settings: Settings,
  // The command palette: find any action or file by typing.
  palette: Search,
  'theme-light': Sun,
  'theme-dark': Moon,
  'toggle-files': PanelLeft,
  'toggle-run': PanelRight,
  'toggle-problems': PanelBottom,
  'chevron-down': ChevronDown,
  'chevron-up': ChevronUp,
  // A toolbar's overflow menu: its less used actions.
  more: Ellipsis,
} as const satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  const Glyph = ICONS[name];
  return <Glyph className="icon" size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" />;
}
