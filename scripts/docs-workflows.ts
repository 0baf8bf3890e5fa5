// 由状态机的声明重新生成 docs/WORKFLOWS.md（见 lib/platform/workflow/doc.ts）。
import fs from 'node:fs';
import path from 'node:path';
import { renderWorkflowsDoc, WORKFLOWS_DOC_PATH } from '@/lib/platform/workflow/doc';
import { WORKFLOWS } from '@/lib/workflows';

const file = path.join(process.cwd(), WORKFLOWS_DOC_PATH);
const next = renderWorkflowsDoc(WORKFLOWS);
const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
if (current === next) console.log(`[docs] ${WORKFLOWS_DOC_PATH} 已是最新`);
else {
  fs.writeFileSync(file, next);
  console.log(`[docs] 已写入 ${WORKFLOWS_DOC_PATH}（${WORKFLOWS.length} 个状态机）`);
}
