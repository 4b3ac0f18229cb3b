import type { Metadata, Viewport } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: 'Workerbench',
  description: 'A browser IDE for authoring, running and sharing LLM workers.',
};

export const viewport: Viewport = {
  themeColor: '#1e1f22',
};

// Prerendered at build time: the page's CSP names its inline scripts by hash (proxy.ts), not by a nonce.
export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    // The client puts the stored colour theme on <html> (data-theme) before hydration.
    <html lang="en" suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
