import type { Metadata, Viewport } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: 'Workerbench',
  description: 'A browser IDE for authoring, running and sharing LLM workers.',
};

export const viewport: Viewport = {
  themeColor: '#1e1f22',
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
