/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Lets two production builds live side by side (e.g. an e2e run on a second port
  // while another build is in progress); the default stays `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default nextConfig;
