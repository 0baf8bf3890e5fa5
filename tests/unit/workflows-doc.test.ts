// docs/WORKFLOWS.md 由状态机的声明生成：提交的页须与生成的相同（改了声明后运行 npm run docs:workflows）。
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWorkflowsDoc, WORKFLOWS_DOC_PATH } from '@/lib/platform/workflow/doc';
import { WORKFLOWS } from '@/lib/workflows';

describe('docs/WORKFLOWS.md 与声明一致', () => {
  it('提交的页就是生成的页', () => {
    expect(fs.readFileSync(path.join(process.cwd(), WORKFLOWS_DOC_PATH), 'utf8')).toBe(renderWorkflowsDoc(WORKFLOWS));
  });

  it('每个状态机的每一步都在页上', () => {
    const doc = renderWorkflowsDoc(WORKFLOWS);
    for (const w of WORKFLOWS) for (const t of w.def.transitions) expect(doc).toContain(`| ${t.verb} | \`${t.action}\` |`);
  });
});
