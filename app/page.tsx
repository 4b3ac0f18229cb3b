import { Workbench } from '@/components/workbench/workbench';

// The IDE is a client application over IndexedDB; the server only sends the shell.
export default function HomePage() {
  return <Workbench />;
}
