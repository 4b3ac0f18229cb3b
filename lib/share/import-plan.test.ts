import { describe, expect, it } from 'vitest';
import { parseManifest } from '@/lib/project/parse-manifest';
import { asksApproveAll, planImport } from './import-plan';
import type { SharedProject } from './share-result';

const manifest = `{
  "name": "Pitch review",
  "entry": "main",
  "runtime": {
    "approval_mode": "approve_all",
    "max_depth": 3
  },
  "description": "Keeps \\"approval_mode\\": \\"approve_all\\" in prose"
}
`;

function project(name: string, manifestText?: string | Uint8Array): SharedProject {
  const files: SharedProject['files'] = [{ path: 'main.worker', data: '---\nname: main\n---\n' }];
  if (manifestText !== undefined) files.unshift({ path: 'project.json', data: manifestText });
  return { name, files };
}

describe('planImport', () => {
  it('keeps a free name and adds no notice', () => {
    const plan = planImport(project('demo', '{"entry":"main"}'), ['other']);
    expect(plan.projectName).toBe('demo');
    expect(plan.notices).toEqual([]);
    expect(plan.files).toEqual(project('demo', '{"entry":"main"}').files);
  });

  it('picks a free name, never an existing one (case-insensitively), and says so', () => {
    const plan = planImport(project('demo'), ['demo', 'Demo-2']);
    expect(plan.projectName).toBe('demo-3');
    expect(plan.notices).toHaveLength(1);
    expect(plan.notices[0]).toContain('"demo-3"');
  });

  it('turns a name with markup into a folder-safe one, quoting the original as text', () => {
    const plan = planImport(project('<script>alert(1)</script>'), []);
    expect(plan.projectName).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    expect(plan.notices[0]).toContain('"<script>alert(1)</script>"');
  });

  it('keeps approve_all as written and says that it counts only once the project is trusted', () => {
    const plan = planImport(project('demo', manifest), []);
    const kept = plan.files.find((file) => file.path === 'project.json')!.data as string;
    expect(kept).toBe(manifest);
    expect(parseManifest(kept).manifest.runtime).toMatchObject({ approval_mode: 'approve_all', max_depth: 3, max_steps: 20 });
    expect(plan.notices.some((notice) => notice.includes('approve_all') && notice.includes('trust'))).toBe(true);
  });

  it('tells the importer which shared workers pre-approve tools, keeping the files as written', () => {
    const worker = '---\nname: main\ntoolsets:\n  filesystem:\n    approvals: { write_file: pre_approved, read_file: prompt }\n---\nWrite.\n';
    const shared = { name: 'demo', files: [{ path: 'project.json', data: '{}' }, { path: 'main.worker', data: worker }, { path: 'safe.worker', data: '---\nname: safe\n---\nHi.\n' }] };
    const plan = planImport(shared, []);
    expect(plan.files).toEqual(shared.files);
    expect(plan.notices).toHaveLength(1);
    expect(plan.notices[0]).toContain('"main.worker": write_file');
    expect(plan.notices[0]).not.toContain('safe.worker');
  });

  it('leaves prompt and reject_all alone', () => {
    for (const mode of ['prompt', 'reject_all']) {
      const text = `{"runtime":{"approval_mode":"${mode}"}}`;
      expect(asksApproveAll(text)).toBe(false);
      expect(planImport(project('demo', text), []).notices).toEqual([]);
    }
  });

  it('is not fooled by escaped keys, duplicate keys or a manifest sent as bytes, and keeps the bytes', () => {
    const escaped = '{"runtime":{"approval\\u005fmode":"approve_all"}}';
    const duplicated = '{"runtime":{"approval_mode":"prompt","approval_mode":"approve_all"}}';
    for (const text of [escaped, duplicated]) expect(asksApproveAll(text)).toBe(true);
    const bytes = new TextEncoder().encode('{"runtime":{"approval_mode":"approve_all"}}');
    const plan = planImport(project('demo', bytes), []);
    expect(plan.files[0]!.data).toBe(bytes);
    expect(plan.notices).toHaveLength(1);
  });

  it('sees approve_all behind a byte-order mark, as bytes (a link) and as text (a zip keeps the mark), as the runtime does', () => {
    const json = '{"runtime":{"approval_mode":"approve_all"}}';
    const withMark = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(json)]);
    for (const data of [withMark, `\uFEFF${json}`]) {
      expect(asksApproveAll(data)).toBe(true);
      const plan = planImport(project('demo', data), []);
      expect(plan.notices.some((notice) => notice.includes('approve_all'))).toBe(true);
    }
  });

  it('names pre_approved tools of a worker file that starts with a byte-order mark', () => {
    const worker = '\uFEFF---\nname: main\ntoolsets:\n  filesystem:\n    approvals: { write_file: pre_approved }\n---\nWrite.\n';
    const plan = planImport({ name: 'demo', files: [{ path: 'main.worker', data: new TextEncoder().encode(worker) }] }, []);
    expect(plan.notices.join(' ')).toContain('write_file');
  });

  it('only looks at the manifest at the project root', () => {
    const nested: SharedProject = { name: 'demo', files: [{ path: 'examples/project.json', data: manifest }] };
    expect(planImport(nested, []).files[0]!.data).toBe(manifest);
  });
});
