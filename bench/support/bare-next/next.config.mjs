import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The ide-load bench's bare page: a minimal Next app built from the repository's own
 * node_modules (no install of its own), so the framework's version is the IDE's.
 */
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..') },
};

export default nextConfig;
