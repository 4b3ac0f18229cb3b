/**
 * Starting text of a new `.worker` file: valid frontmatter whose name follows
 * the file name, so a fresh file has no diagnostics until the user edits it.
 */
export function workerFileTemplate(fileName: string): string {
  const stem = fileName.replace(/\.worker$/, '');
  const name = stem.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'new_worker';
  return `---\nname: ${name}\ndescription: Describe what this worker does.\n---\nWrite the instructions for ${name} here.\n`;
}
