import { describe, expect, it } from 'vitest';
import { actionsWidth, estimateColumnWidth, textWidth } from '@/components/list/widths';

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

  it('取值为数组的列给默认宽度，空表按标题估算且不小于 72', () => {
    expect(estimateColumnWidth({ title: '工种', dataIndex: 'works' }, [{ works: [{ a: 1 }] }])).toBe(220);
    expect(estimateColumnWidth({ title: '号', dataIndex: 'no' }, [])).toBe(72);
  });

  it('操作列按最宽一行的按钮估算', () => {
    const oneRow = actionsWidth([['查看', '编辑']], [false]);
    expect(oneRow).toBe(2 * (28 + 14) + 24);
    expect(actionsWidth([['查看', '编辑'], ['查看', '编辑', '重置密码']], [false, true])).toBe(28 + 14 + 28 + 14 + 56 + 14 + 28 + 14 + 18 + 24);
  });
});
