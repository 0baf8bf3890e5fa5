// 状态机的文档（docs/WORKFLOWS.md）：由声明生成，每个状态机一段——状态、办理方、每一步（从哪、到哪、谁、要什么权限、意见、条件）与条件的出处。
// npm run docs:workflows 写入；tests/unit/workflows-doc.test.ts 在提交的页与生成的不同时失败。
import type { Workflow } from './engine';

export const WORKFLOWS_DOC_PATH = 'docs/WORKFLOWS.md';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function renderWorkflowsDoc(workflows: readonly Workflow<any, any, any, any, any>[]): string {
  const out: string[] = [
    '# 状态机',
    '',
    '<!-- 由 npm run docs:workflows 从各领域的声明（lib/workflows.ts 的 WORKFLOWS）生成，不要手改 -->',
    '',
    '每个有状态的业务对象都由一份声明交给同一个引擎（`lib/platform/workflow`）办理：服务端按它拒绝（没有权限或不是这一方 403，',
    '位置不对或条件不满足 409，意见必填 400），列表与界面按它给出此刻可做的操作，生成的测试按它逐步核对。怎样声明见 [DOMAINS.md](DOMAINS.md)。',
    '',
    '| 状态机 | 对象 | 步骤数 |',
    '| --- | --- | --- |',
    ...workflows.map((w) => `| [\`${w.def.key}\`](#${w.def.key.toLowerCase()}) | ${w.def.label} | ${w.def.transitions.length} |`),
  ];
  for (const w of workflows) {
    const d = w.def;
    out.push('', `## ${d.key}`, '', `**${d.label}**，操作日志记为 \`${d.entity}\`。`, '');
    for (const [col, labels] of Object.entries(d.labels as Record<string, Record<number, string>>)) {
      const entries = Object.entries(labels).sort((a, b) => Number(a[0]) - Number(b[0]));
      out.push(`- ${Object.keys(d.labels).length > 1 ? `\`${col}\`` : '状态'}：${entries.map(([v, l]) => `${v} ${l}`).join('，')}`);
    }
    const actorLevels = (d.actorLevels ?? {}) as Record<string, readonly string[]>;
    out.push(`- 办理方：${Object.entries(d.actors as Record<string, string>).map(([k, l]) => `${l}（\`${k}\`${actorLevels[k] ? `，${actorLevels[k].join('/')}` : ''}）`).join('，')}`);
    if (d.operations) out.push(`- 转换之外的操作：${Object.entries(d.operations as Record<string, { label: string }>).map(([k, o]) => `${o.label}（\`${k}\`）`).join('，')}`);
    out.push('', '| 步骤 | 动作 | 从 | 到 | 办理方 | 权限 | 意见 | 条件 |', '| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of w.matrix()) out.push(`| ${cell(r.verb)} | \`${r.action}\` | ${cell(r.from)} | ${cell(r.to)} | ${cell(r.actor)} | ${cell(r.permission)} | ${r.opinion} | ${cell(r.gates.join('；') || '—')} |`);
    const gates = Object.entries((d.gates ?? {}) as Record<string, { label: string; source?: string }>);
    if (gates.length) {
      out.push('', '| 条件 | 说明 | 出处 |', '| --- | --- | --- |');
      for (const [k, g] of gates) out.push(`| \`${k}\` | ${cell(g.label)} | ${cell(g.source ?? '—')} |`);
    }
  }
  return out.join('\n') + '\n';
}
