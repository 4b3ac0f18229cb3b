import { connection } from 'next/server';

export const metadata = { title: 'Bare page' };

/** Rendered per request, as the IDE's layout is (it must be, for its script nonce): the floor compares like with like. */
export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
