/**
 * Opens the browser's file (or folder) picker without a mounted input: the palette closes before
 * the person chooses, so the input cannot live in it. Resolves with the chosen files; never, when
 * the picker is cancelled (nothing waits on it but the one action).
 */
export function pickFiles(options: { accept?: string; multiple?: boolean; folder?: boolean }): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    if (options.accept !== undefined) input.accept = options.accept;
    input.multiple = options.multiple === true;
    // The browser's folder picker: every file of the folder, with its path under the folder's name.
    if (options.folder === true) input.webkitdirectory = true;
    input.addEventListener('change', () => {
      const files = Array.from(input.files ?? []);
      if (files.length > 0) resolve(files);
    });
    input.click();
  });
}
