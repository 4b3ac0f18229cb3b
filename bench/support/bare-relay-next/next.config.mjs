import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The step-overhead bench's bare relay in Next: one route, built from the
 * repository's own node_modules (no install of its own), so the framework's
 * version is the IDE's.
 */
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  turbopack: { root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..') },
};

export default nextConfig;
