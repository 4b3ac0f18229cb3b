import { describeCheck } from '@/lib/worker-tests/evaluate-check';
import type { CaseResult } from '@/lib/worker-tests/run-test-case';

/** One case on one model, with the tests file it came from. */
export interface TestRow {
  file: string;
  worker: string;
  result: CaseResult;
}

function escapeXml(text: string): string {
  // Characters XML 1.0 cannot hold at all are dropped; the five special ones escaped.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&"']/g, (character) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[character]};`);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * JUnit XML, as CI servers read it: one testsuite per tests file and model,
 * one testcase per case; a failing check is a <failure>, a run that did not
 * finish an <error>, a stopped one <skipped>. Every check's verdict is in the
 * case's system-out.
 */
export function toJunitXml(rows: readonly TestRow[]): string {
  const suites = new Map<string, TestRow[]>();
  for (const row of rows) {
    const key = `${row.file} · ${row.result.model}`;
    suites.set(key, [...(suites.get(key) ?? []), row]);
  }
  const count = (list: readonly TestRow[], status: CaseResult['status']) => list.filter((row) => row.result.status === status).length;
  const time = (list: readonly TestRow[]) => seconds(list.reduce((sum, row) => sum + row.result.durationMs, 0));
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="workerbench" tests="${rows.length}" failures="${count(rows, 'failed')}" errors="${count(rows, 'error')}" skipped="${count(rows, 'stopped')}" time="${time(rows)}">`];
  for (const [name, list] of suites) {
    lines.push(`  <testsuite name="${escapeXml(name)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="${count(list, 'error')}" skipped="${count(list, 'stopped')}" time="${time(list)}">`);
    for (const { worker, result } of list) {
      lines.push(`    <testcase classname="${escapeXml(`${worker}.${result.model}`)}" name="${escapeXml(result.caseName)}" time="${seconds(result.durationMs)}">`);
      if (result.status === 'failed') lines.push(`      <failure message="${escapeXml(result.message)}" type="check"/>`);
      if (result.status === 'error') lines.push(`      <error message="${escapeXml(result.message)}" type="run"/>`);
      if (result.status === 'stopped') lines.push(`      <skipped message="${escapeXml(result.message)}"/>`);
      const checks = result.checks.map((check) => `${check.passed ? 'pass' : 'FAIL'}: ${describeCheck(check.check)}${check.passed ? '' : ` — ${check.message}`}`);
      lines.push(`      <system-out>${escapeXml([`run ${result.runId}`, ...checks].join('\n'))}</system-out>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** results.json: every case on every model, its checks and its run. */
export function toResultsJson(rows: readonly TestRow[]): string {
  return `${JSON.stringify(
    rows.map(({ file, worker, result }) => ({
      file,
      worker,
      ...result,
      checks: result.checks.map((check) => ({ check: describeCheck(check.check), kind: check.check.kind, passed: check.passed, message: check.message, ...(check.graderRunId === undefined ? {} : { graderRunId: check.graderRunId }) })),
    })),
    null,
    2,
  )}\n`;
}

const MARK: Record<CaseResult['status'], string> = { passed: 'pass', failed: 'FAIL', error: 'ERROR', stopped: 'stopped' };

/** The summary table: cases down, models across (as the Tests dialog), then why each failing case failed. */
export function summaryTable(rows: readonly TestRow[], models: readonly string[]): string {
  const cases = [...new Map(rows.map((row) => [`${row.file}\u0000${row.result.caseName}`, row])).values()];
  const header = ['case', ...models];
  const body = cases.map((first) => [
    `${first.file}: ${first.result.caseName}`,
    ...models.map((model) => {
      const row = rows.find((candidate) => candidate.file === first.file && candidate.result.caseName === first.result.caseName && candidate.result.model === model);
      return row === undefined ? '-' : MARK[row.result.status];
    }),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((line) => line[column]!.length)));
  const format = (line: string[]) => line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const lines = [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(format)];
  const failing = rows.filter((row) => row.result.status !== 'passed');
  if (failing.length > 0) {
    lines.push('');
    for (const row of failing) lines.push(`${MARK[row.result.status]} ${row.file}: ${row.result.caseName} [${row.result.model}]: ${row.result.message} (run ${row.result.runId})`);
  }
  const passed = rows.length - failing.length;
  const tokens = rows.reduce((sum, row) => ({ input: sum.input + row.result.tokens.input, output: sum.output + row.result.tokens.output }), { input: 0, output: 0 });
  lines.push('', `${passed} of ${rows.length} passed · ${tokens.input} tokens in, ${tokens.output} out`);
  return `${lines.join('\n')}\n`;
}
