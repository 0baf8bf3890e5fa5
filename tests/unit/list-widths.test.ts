import { describe, expect, it } from 'vitest';
import { formatMoney, formatValue, titleHasCurrency } from '@/components/list/values';
import { actionsWidth, estimateColumnWidth, fitWidths, flattenTree, isIdentifierColumn, isTextColumn, isTree, planColumn, textWidth } from '@/components/list/widths';

describe('列宽估算', () => {
  it('汉字按 14px、大写字母按 10px、其余按 8px 计', () => {
    expect(textWidth('机构名称')).toBe(56);
    expect(textWidth('E2e')).toBe(26);
  });

  it('给了数字宽度的列用原宽度', () => {
    expect(estimateColumnWidth({ title: '姓名', dataIndex: 'name', width: 80 }, [{ name: '很长很长很长很长很长的名字' }])).toBe(80);
  });

  it('未给宽度的列按本页最长文字估算，省略列封顶 240、普通列封顶 320', () => {
    const rows = [{ name: '石家庄市' }, { name: '河北华元职业技能评价中心' }];
    expect(estimateColumnWidth({ title: '机构', dataIndex: 'name' }, rows)).toBe(12 * 14 + 24);
    const long = [{ text: '很'.repeat(60) }];
    expect(estimateColumnWidth({ title: '说明', dataIndex: 'text', ellipsis: true }, long)).toBe(240);
    expect(estimateColumnWidth({ title: '说明', dataIndex: 'text' }, long)).toBe(320);
  });

  it('按选项显示的列以中文标签估算，时间列按完整时间估算', () => {
    const options = [{ label: '省级管理员专用', value: 1 }];
    expect(estimateColumnWidth({ title: '类型', dataIndex: 'kind', options }, [{ kind: 1 }])).toBe(7 * 14 + 24);
    expect(estimateColumnWidth({ title: '时间', dataIndex: 'at', format: 'datetime' }, [{ at: '2026-01-01T00:00:00Z' }])).toBe(19 * 8 + 24);
  });

  it('画成状态标签的列按标签里的译文估算（English 的 Pending review 不被截）', () => {
    const tag = (text: string) => ({ type: 'span', props: { children: { type: 'Tx', props: { text } } } });
    const column = { title: 'Status', dataIndex: 'status', render: (v: unknown) => tag(v === 2 ? '待审核' : '正常') } as never;
    const english = (text: string) => ({ 待审核: 'Pending review', 正常: 'Active' })[text] ?? text;
    const width = estimateColumnWidth(column, [{ status: 0 }, { status: 2 }], false, english);
    expect(width).toBeGreaterThanOrEqual(textWidth('Pending review') + 24);
  });

  it('取值为数组的列给默认宽度，空表按标题估算且不小于 72', () => {
    expect(estimateColumnWidth({ title: '工种', dataIndex: 'works' }, [{ works: [{ a: 1 }] }])).toBe(220);
    expect(estimateColumnWidth({ title: '号', dataIndex: 'no' }, [])).toBe(72);
  });

  it('操作列按最宽一行的按钮估算', () => {
    const oneRow = actionsWidth([['查看', '编辑']], [false]);
    expect(oneRow).toBe(2 * (28 + 14) + 24);
    expect(actionsWidth([['查看', '编辑'], ['查看', '编辑', '重置密码']], [false, true])).toBe(28 + 14 + 28 + 14 + 56 + 14 + 28 + 14 + 18 + 24);
  });

  it('树形表格的首列计入各级缩进与展开按钮：深层的名称不会被挤成一字一行', () => {
    const rows = [{ title: '系统管理', children: [{ title: '运维', children: [{ title: '在线用户管理' }] }] }];
    expect(isTree(rows)).toBe(true);
    expect(isTree([{ title: '首页', children: [] }])).toBe(false);
    expect(flattenTree(rows).map((r) => [r.row.title, r.depth])).toEqual([
      ['系统管理', 0],
      ['运维', 1],
      ['在线用户管理', 2],
    ]);
    // 最宽的是第 3 级的 6 个字：84 + 2×15 缩进 + 25 展开按钮 + 24 内边距
    expect(estimateColumnWidth({ title: '资源名称', dataIndex: 'title' }, rows, true)).toBe(84 + 30 + 25 + 24);
    // 不按树估算时只看顶层，正是之前一字一行的原因
    expect(estimateColumnWidth({ title: '资源名称', dataIndex: 'title' }, rows)).toBe(Math.max(72, 56 + 24));
  });

  it('文字列（无自定义 render、取值都是文字）可收窄；带 render 或取值为数组的列不可', () => {
    const rows = [{ name: '张三', tags: ['a'] }];
    expect(isTextColumn({ title: '姓名', dataIndex: 'name' }, rows)).toBe(true);
    expect(isTextColumn({ title: '姓名', dataIndex: 'name', render: () => ({ props: {}, children: '张三' }) }, rows)).toBe(false);
    // render 画出的是文字（如空值显示“-”）也算文字列，按画出的文字估算宽度
    expect(isTextColumn({ title: 'IP', dataIndex: 'ip', render: (v: string | null) => v || '-' }, [{ ip: null }, { ip: '10.0.0.1' }])).toBe(true);
    expect(estimateColumnWidth({ title: 'IP', dataIndex: 'ip', render: (v: string | null) => v || '未知地址' }, [{ ip: null }])).toBe(4 * 14 + 24);
    expect(isTextColumn({ title: '标签', dataIndex: 'tags' }, rows)).toBe(false);
    // 给定 200，内容只要 2 个字：多出的先让出（need），再往下可收到 96
    expect(planColumn({ title: '姓名', dataIndex: 'name', width: 200 }, rows, { shrinkable: true })).toEqual({ width: 200, need: 72, min: 72 });
    expect(planColumn({ title: '姓名', dataIndex: 'name', width: 200 }, [{ name: '很'.repeat(20) }], { shrinkable: true })).toEqual({ width: 200, need: 200, min: 96 });
    expect(planColumn({ title: '姓名', dataIndex: 'name', width: 200 }, rows)).toEqual({ width: 200, need: 200, min: 200 });
    // 下限放得下标题
    expect(planColumn({ title: '统一社会信用代码', dataIndex: 'name', width: 300 }, [{ name: '很'.repeat(20) }], { shrinkable: true }).min).toBe(8 * 14 + 24);
  });

  it('总宽超出容器时先让出给定宽度里多余的部分，再从最宽的列往下削；短列保持完整；放得下时不动', () => {
    const plans = [
      { width: 130, need: 128, min: 96 }, // IP
      { width: 220, need: 220, min: 96 }, // 机构名称
      { width: 180, need: 150, min: 96 }, // 安装位置：给定宽度比内容多 30
      { width: 170, need: 170, min: 170 }, // 时间：不收窄
    ];
    expect(fitWidths(plans, 1000)).toEqual([130, 220, 180, 170]);
    expect(fitWidths(plans, Infinity)).toEqual([130, 220, 180, 170]);
    // 超出 16：只从多余的部分里让（IP 多 2、安装位置多 30，按比例）
    expect(fitWidths(plans, 684)).toEqual([129, 220, 165, 170]);
    // 超出 100：多余的 32 让完，再把最宽的机构名称削到水位线，IP 不动
    const fitted = fitWidths(plans, 600);
    expect(fitted).toEqual([128, 152, 150, 170]);
    expect(fitted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(600);
    // 再窄：短列（IP 128、安装位置 150）保持内容宽，只削长的机构名称
    expect(fitWidths(plans, 560)).toEqual([128, 112, 150, 170]);
    // 连短列都保不住时，各列一起降到同一水位线
    expect(fitWidths(plans, 500)).toEqual([110, 110, 110, 170]);
    // 放不下：收到下限，由表格横向滚动；滚动区右缘落在第二列中间（露 4px），这 4px 补给第一列
    expect(fitWidths(plans, 100)).toEqual([100, 96, 96, 170]);
  });

  it('横向滚动时，一打开没有一列露一半在操作列下面：露出的那一截先补给被削过的列', () => {
    const plans = [
      { width: 130, need: 128, min: 96 },
      { width: 220, need: 220, min: 96 },
      { width: 180, need: 150, min: 96 },
      { width: 170, need: 170, min: 170 },
    ];
    // 下限合计 458，可见 330：第四列从 288 开始、露 42px → 42 先补给前三列（IP 缺 32、机构名称缺 124、安装位置缺 54）
    const widths = fitWidths(plans, 330);
    expect(widths.slice(0, 3).reduce((a, b) => a + b, 0)).toBe(330);
    expect(widths[3]).toBe(170);
    widths.slice(0, 3).forEach((w, i) => expect(w).toBeGreaterThanOrEqual(plans[i].min));
    // 第一列就比可见区宽：不动
    expect(fitWidths([{ width: 400, need: 400, min: 400 }, { width: 100, need: 100, min: 100 }], 300)).toEqual([400, 100]);
  });

  it('画元素的列（如 <Tx text={v} />）按当前语言的译文估算', () => {
    const column = { title: 'Level', dataIndex: 'level', render: () => ({}) as never };
    const rows = [{ level: '机构' }];
    const english = (s: string) => ({ 机构: 'Organisation' })[s] ?? s;
    expect(estimateColumnWidth(column, rows)).toBe(72);
    expect(estimateColumnWidth(column, rows, false, english)).toBe(textWidth('Organisation') + 24);
  });

  it('给定的数字宽度不窄于当前语言的列标题（表头不被截断），也不窄于本页最长的标签译文', () => {
    const rows = [{ status: 0 }];
    const tag = () => ({}) as never;
    expect(estimateColumnWidth({ title: '审核状态', dataIndex: 'status', width: 90, render: tag }, rows)).toBe(90);
    expect(estimateColumnWidth({ title: 'Review status', dataIndex: 'status', width: 90, render: tag }, rows)).toBe(textWidth('Review status') + 24);
    expect(estimateColumnWidth({ title: 'Department code', dataIndex: 'status', width: 90 }, rows)).toBe(textWidth('Department code') + 24);
    // 状态标签：英文的 “Pending city review” 比给定的 130 宽，列随之放宽（标签不溢出到下一列）
    const label = (s: string) => ({ 待市级审核: 'Pending city review' })[s] ?? s;
    const status = { title: '状态', dataIndex: 'status', width: 130, render: () => ({ props: { text: '待市级审核' } }) as never };
    expect(estimateColumnWidth(status, rows)).toBe(130);
    expect(estimateColumnWidth(status, rows, false, label)).toBe(textWidth('Pending city review') + 26 + 24);
  });
});

describe('并排的标签', () => {
  it('条件渲染留下的 false 不妨碍估算：按全部标签的译文加间距定宽', () => {
    const en = (s: string) => ({ 有效: 'Valid', 资料不全: 'Incomplete data' })[s] ?? s;
    const tags = () => ({ props: { children: [{ props: { text: '有效' } }, false, { props: { text: '资料不全' } }, null] } }) as never;
    const width = estimateColumnWidth({ title: '状态', dataIndex: 'status', render: tags }, [{ status: 1 }], false, en);
    expect(width).toBe(textWidth('Valid   Incomplete data') + 26 + 24);
  });
});

describe('编号与金额列', () => {
  const rows = [{ cerCode: 'G000013020261104000012', idCard: '130102199001011234', name: '张三' }];

  it('编号列（按字段名认出）按最长的编号定宽、不收窄；给的宽度再窄也放宽', () => {
    expect(isIdentifierColumn({ title: '证书编号', dataIndex: 'cerCode' })).toBe(true);
    expect(isIdentifierColumn({ title: '身份证号', dataIndex: 'idCard' })).toBe(true);
    expect(isIdentifierColumn({ title: '准考证号', dataIndex: 'ticketNo' })).toBe(true);
    expect(isIdentifierColumn({ title: '姓名', dataIndex: 'name' })).toBe(false);
    expect(isIdentifierColumn({ title: '姓名', dataIndex: 'name', identifier: true })).toBe(true);
    const plan = planColumn({ title: '证书编号', dataIndex: 'cerCode', width: 100 }, rows, { shrinkable: true });
    const full = textWidth('G000013020261104000012') + 24;
    expect(plan).toEqual({ width: full, need: full, min: full });
    // 收窄时编号列保持全宽，名称列让出空间
    const widths = fitWidths([plan, planColumn({ title: '姓名', dataIndex: 'name', width: 300 }, rows, { shrinkable: true })], full + 120);
    expect(widths[0]).toBe(full);
  });

  it('金额：千分位、两位小数，列标题没写“元”时加 ¥；非数字原样', () => {
    expect(formatMoney(14000)).toBe('14,000.00');
    expect(formatMoney('450000.5', true)).toBe('¥450,000.50');
    expect(formatMoney(null)).toBe('');
    expect(formatValue(0, 'money')).toBe('0.00');
    expect(titleHasCurrency('批准金额（元）')).toBe(true);
    expect(titleHasCurrency('Approved (yuan)')).toBe(true);
    expect(titleHasCurrency('金额')).toBe(false);
    expect(estimateColumnWidth({ title: '金额', dataIndex: 'amount', format: 'money' }, [{ amount: 1234567 }])).toBe(textWidth('¥1,234,567.00') + 24);
  });
});
