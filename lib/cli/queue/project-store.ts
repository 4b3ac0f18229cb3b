import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';
import type { FileSystem } from '@/lib/vfs/file-system';
import { walkFiles } from '@/lib/vfs/walk-files';

/**
 * A project's files in Redis, stored once under their content hash: every
 * job of a batch names the hash, and each worker machine writes the files
 * to a folder of its own once (materializeProject) and runs every job of
 * the project there. The hash covers paths and bytes, so a changed file is
 * a different project. Stored copies expire after a week.
 */
const STORE_TTL_SECONDS = 7 * 86_400;

interface StoredFile {
  path: string;
  base64: string;
}

function storeKey(prefix: string, hash: string): string {
  return `${prefix}:project:${hash}`;
}

/** Every file of the project (the private .workerbench folder is hidden by the sandbox), in path order. */
async function readProject(sandbox: FileSystem): Promise<StoredFile[]> {
  const files = (await walkFiles(sandbox, '')).sort((left, right) => left.path.localeCompare(right.path));
  const stored: StoredFile[] = [];
  for (const file of files) stored.push({ path: file.path, base64: Buffer.from(await sandbox.readFile(file.path)).toString('base64') });
  return stored;
}

export interface StoredProject {
  hash: string;
  /** Puts the project back under its hash (after a Redis restart lost it); a no-op while it is there. */
  restore(): Promise<void>;
}

export async function storeProject(redis: Redis, prefix: string, sandbox: FileSystem): Promise<StoredProject> {
  const json = JSON.stringify(await readProject(sandbox));
  const hash = createHash('sha256').update(json).digest('hex');
  const packed = gzipSync(json);
  const restore = async () => {
    await redis.set(storeKey(prefix, hash), packed, 'EX', STORE_TTL_SECONDS, 'NX');
  };
  await restore();
  return { hash, restore };
}

/** Paths from another machine stay inside the folder they are written to. */
function safeJoin(root: string, relative: string): string {
  const target = path.resolve(root, ...relative.split('/'));
  if (!target.startsWith(root + path.sep)) throw new Error(`The stored project names a path outside its folder: ${relative}`);
  return target;
}

export interface MaterializeProjectOptions {
  redis: Redis;
  prefix: string;
  hash: string;
  cacheRoot?: string;
}

/** The project's folder on this machine (written once per hash); throws when Redis no longer has it. */
export async function materializeProject({ redis, prefix, hash, cacheRoot = path.join(tmpdir(), 'workerbench-worker') }: MaterializeProjectOptions): Promise<string> {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`Not a project hash: ${hash.slice(0, 80)}`);
  const folder = path.join(cacheRoot, hash);
  if (existsSync(folder)) return folder;
  const packed = await redis.getBuffer(storeKey(prefix, hash));
  if (packed === null) throw new Error(`The project ${hash.slice(0, 12)}… is not in Redis (expired, or Redis restarted); the enqueuing command stores it again.`);
  const files = JSON.parse(gunzipSync(packed).toString('utf8')) as StoredFile[];
  const partial = `${folder}.partial-${process.pid}-${Date.now()}`;
  mkdirSync(partial, { recursive: true });
  for (const file of files) {
    const target = safeJoin(partial, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, Buffer.from(file.base64, 'base64'));
  }
  // Whole or not at all: another job of this machine may be materializing the same project.
  try {
    renameSync(partial, folder);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}
