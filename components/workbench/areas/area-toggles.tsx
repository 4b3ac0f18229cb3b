'use client';

import { IconButton } from '@/components/icons/icon-button';
import { useAreaControls } from './area-controls';

/** The header's buttons that show or hide the files sidebar, Problems and the run panel. */
export function AreaToggles() {
  const { collapsed, toggle } = useAreaControls();
  return (
    <span className="header-toggles" role="group" aria-label="Show or hide areas">
      <IconButton icon="toggle-files" label={collapsed.files ? 'Show the files sidebar' : 'Hide the files sidebar'} aria-pressed={!collapsed.files} onClick={() => toggle('files')} />
      <IconButton icon="toggle-problems" label={collapsed.problems ? 'Show Problems' : 'Fold Problems to its title'} aria-pressed={!collapsed.problems} onClick={() => toggle('problems')} />
      <IconButton icon="toggle-run" label={collapsed.run ? 'Show the run panel' : 'Hide the run panel'} aria-pressed={!collapsed.run} onClick={() => toggle('run')} />
    </span>
  );
}
