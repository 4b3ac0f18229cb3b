import { mimeTypeForPath } from '@/lib/vfs/mime-type';

/** MIME type for downloads and viewers; the VFS table is the one source of truth. */
export function mimeTypeFor(path: string): string {
  return mimeTypeForPath(path);
}
