import { expect, type Locator, type Page } from '@playwright/test';

/** The run document in front of the editor area (a run opens there when it starts, or when its row is clicked). */
export function runDocument(page: Page): Locator {
  return page.getByTestId('run-document');
}

/** The detail pane of the run document: what the selected row of its tree holds. */
export function runDetail(page: Page): Locator {
  return page.getByTestId('run-detail');
}

/**
 * Opens every collapsed row of the document's tree (worker calls are collapsed by default), until
 * none is left, by their chevrons: the selection (and so the detail pane) stays where it was.
 */
export async function expandAllCalls(document: Locator): Promise<void> {
  const closed = document.locator('[role="treeitem"][aria-expanded="false"]');
  for (let round = 0; round < 100; round += 1) {
    if ((await closed.count()) === 0) return;
    const key = await closed.first().getAttribute('data-row-key');
    const row = document.locator(`[data-row-key="${key}"]`);
    await row.getByTestId('row-toggle').click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
  }
  throw new Error('the tree kept collapsed rows after 100 openings');
}

/** Selects a row of the tree and waits for its detail. */
export async function selectRow(page: Page, row: Locator): Promise<Locator> {
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  return runDetail(page);
}

/** Selects each of `rows` in turn and reads its detail: a detail pane shows one row at a time. */
export async function readEachRow<T>(page: Page, rows: Locator, read: (detail: Locator) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  const count = await rows.count();
  for (let index = 0; index < count; index += 1) results.push(await read(await selectRow(page, rows.nth(index))));
  return results;
}

/** The text of a part of the detail pane, or '' when the selected row has none. */
export async function textOf(detail: Locator, testId: string): Promise<string> {
  const part = detail.getByTestId(testId);
  return (await part.count()) === 0 ? '' : await part.innerText();
}

/** Opens a run from its row in the Run panel's list (runs open there after a reload) and gives its document. */
export async function openRun(page: Page, entry: Locator): Promise<Locator> {
  await entry.getByRole('button').click();
  const document = runDocument(page);
  await expect(document).toHaveAttribute('data-run-id', (await entry.getAttribute('data-run-id'))!);
  return document;
}

/** Deletes the run in front, from its toolbar's overflow menu. */
export async function deleteRunInFront(page: Page): Promise<void> {
  await runDocument(page).getByTestId('run-more').click();
  await page.getByRole('menu').getByTestId('delete-run').click();
}
