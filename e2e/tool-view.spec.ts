import type { Page } from '@playwright/test';
import { createFile, editorText, expect, focusEditor, goToLineEnd, openWorkbench, test, treeItem } from './helpers/workbench-test';

// The Tool view shows, live, the tool a calling model gets for the open worker (seed 003).

const READER = [
  '---',
  'name: reader',
  'description: Reads pitch decks.',
  'attachment_policy: { max_attachments: 2, allowed_suffixes: [.pdf] }',
  '---',
  'Read the decks.',
  '',
].join('\n');

interface ToolParameters {
  properties: Record<string, { type?: string; description?: string } & Record<string, unknown>>;
  required?: string[];
}

async function parameters(page: Page): Promise<ToolParameters> {
  return JSON.parse(await page.getByTestId('tool-view-parameters').innerText()) as ToolParameters;
}

test('the Tool view follows the attachment policy and input schema as the user types', async ({ page, consoleErrors }) => {
  await openWorkbench(page);
  await createFile(page, 'reader.worker');
  await expect(page.getByTestId('editor-tab')).toHaveText('reader.worker');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(READER);
  await expect.poll(() => editorText(page)).toContain('allowed_suffixes');

  // Collapsed at first; opens from the keyboard.
  const toggle = page.getByRole('button', { name: /Tool view/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('tool-view-parameters')).toHaveCount(0);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await expect(page.getByTestId('tool-view-name')).toHaveText('reader');
  await expect(page.getByTestId('tool-view-description')).toContainText('Reads pitch decks.');
  await expect(page.getByTestId('tool-view-description')).toContainText('accepts .pdf files, at most 2');
  await expect.poll(async () => (await parameters(page)).properties.attachments?.description ?? '').toContain('.pdf');
  const attachments = (await parameters(page)).properties.attachments;
  expect(attachments?.type).toBe('array');
  expect(attachments?.description).toContain('At most 2.');
  expect((await parameters(page)).properties.input?.type).toBe('string');

  // max_attachments: 2 → 0, typed in place: the parameter disappears.
  // The line may wrap in a narrow editor, so the cursor moves by characters from the line start.
  await goToLineEnd(page, 4);
  await page.keyboard.press('Home');
  for (let index = 0; index < 'attachment_policy: { max_attachments: 2'.length; index += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('0');
  await expect.poll(async () => Object.keys((await parameters(page)).properties)).toEqual(['input', 'instructions']);
  await expect(page.getByTestId('tool-view-description')).toContainText('Takes no attachments.');

  // An input schema with a company property: `input` becomes that object.
  await goToLineEnd(page, 3);
  await page.keyboard.insertText('\ninput_schema: { type: object, required: [company], properties: { company: { type: string } } }');
  await expect.poll(() => editorText(page)).toContain('input_schema:');
  await expect
    .poll(async () => (await parameters(page)).properties.input)
    .toEqual({ type: 'object', required: ['company'], properties: { company: { type: 'string' } } });
  expect((await parameters(page)).required).toEqual(['input']);

  // A mistake hides the tool and says so plainly; fixing it brings the tool back.
  await goToLineEnd(page, 2);
  await page.keyboard.type(' two');
  await expect(page.getByTestId('tool-view-problems')).toContainText('Fix the problems in this file to see its tool');
  await expect(page.getByTestId('tool-view-parameters')).toHaveCount(0);
  for (let index = 0; index < ' two'.length; index += 1) await page.keyboard.press('Backspace');
  await expect(page.getByTestId('tool-view-name')).toHaveText('reader');

  // Only worker files have a tool.
  await treeItem(page, 'project.json').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('project.json');
  await expect(page.getByTestId('tool-view')).toHaveCount(0);
  // Back on a worker, the view is still open and shows that worker.
  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('tool-view-name')).toHaveText('main');

  expect(consoleErrors).toEqual([]);
});
