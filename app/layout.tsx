import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import './globals.css';

export const metadata: Metadata = {
  title: 'Workerbench',
  description: 'A browser IDE for authoring, running and sharing LLM workers.',
};

export const viewport: Viewport = {
  themeColor: '#1e1f22',
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // Rendered per request, never prerendered: Next.js can only put proxy.ts's script nonce on
  // a page it renders for that request (a static page's scripts would all be refused).
  await connection();
  return (
    // The client puts the stored colour theme on <html> (data-theme) before hydration.
    <html lang="en" suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
