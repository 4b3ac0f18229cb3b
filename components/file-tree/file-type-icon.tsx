import { Bot, FileBraces, FileCheck, FileIcon, FileImage, FileScan, FileText, FileType, Folder, FolderOpen, type LucideIcon } from 'lucide-react';
import { fileIconKind, type FileIconKind } from '@/lib/state/workspace/file-view-kind';

/** One lucide glyph per kind of file, each in its own colour (globals.css), so a tree reads at a glance. */
const FILE_ICONS: Record<FileIconKind, LucideIcon> = {
  worker: Bot,
  tests: FileCheck,
  markdown: FileType,
  json: FileBraces,
  pdf: FileScan,
  image: FileImage,
  text: FileText,
  other: FileIcon,
};

/** The icon of a file, by its name; decorative (the name beside it is what is read). */
export function FileTypeIcon({ name }: { name: string }) {
  const kind = fileIconKind(name);
  const Glyph = FILE_ICONS[kind];
  return <Glyph className={`tree-icon file-icon-${kind}`} size={16} strokeWidth={1.75} aria-hidden="true" focusable="false" data-icon={kind} />;
}

/** A folder, open or closed. */
export function FolderIcon({ open }: { open: boolean }) {
  const Glyph = open ? FolderOpen : Folder;
  return <Glyph className="tree-icon file-icon-folder" size={16} strokeWidth={1.75} aria-hidden="true" focusable="false" data-icon={open ? 'folder-open' : 'folder'} />;
}
