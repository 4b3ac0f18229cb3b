export const metadata = { title: 'Bare page' };

/** Prerendered, as the IDE's page is (its CSP names its inline scripts by hash): the floor compares like with like. */
export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
