/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The server never needs the browser filesystem or Monaco; keep the client-only
  // packages out of server bundles.
  serverExternalPackages: [],
  poweredByHeader: false,
};

export default nextConfig;
