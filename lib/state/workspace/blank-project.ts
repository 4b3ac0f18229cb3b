import type { ProjectFileData } from '@/lib/project/projects';

/** A new project: a manifest and one entry worker, so it runs and analyses cleanly from the start. */
export function blankProjectFiles(name: string): ProjectFileData[] {
  const manifest = { name, entry: 'main' };
  return [
    { path: 'project.json', data: JSON.stringify(manifest, null, 2) + '\n' },
    {
      path: 'main.worker',
      data: '---\nname: main\ndescription: Entry worker of this project.\n---\nDescribe the task here.\n',
    },
  ];
}
