import { ReadyFlag } from './ready-flag';

/** The floor of the ide-load bench: one server-rendered heading and one client component. */
export default function BarePage() {
  return (
    <main>
      <h1>Bare page</h1>
      <ReadyFlag />
    </main>
  );
}
