import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './lib/security/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // WORKERBENCH_SOURCE_MAPS=1 adds browser source maps, so a CPU profile of the page (bench/run-tree-ui) names our functions.
  productionBrowserSourceMaps: process.env.WORKERBENCH_SOURCE_MAPS === '1',
  // Lets two production builds live side by side (e.g. an e2e run on a second port
  // while another build is in progress); the default stays `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Pages get their Content-Security-Policy (with a per-response nonce) from proxy.ts.
  async headers() {
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
