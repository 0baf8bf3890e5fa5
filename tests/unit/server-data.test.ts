// 服务端先取的界面数据（components/screens/first-page.ts）：默认选中项与界面相同、请求体的规范形式与浏览器相同，
// 第一页按选中项取的界面都登记了选项的请求。
import { describe, expect, it } from 'vitest';
import { screenCatalog } from '@/components/screens/catalog';
import { defaultPick, requestKey } from '@/components/screens/first-page';
import type { FirstPageCall, ServerDataCall } from '@/components/screens/types';

const entries = Object.entries(screenCatalog as Record<string, { firstPage?: FirstPageCall; serverData?: ServerDataCall }>);

describe('defaultPick', () => {
  it('数组与分页答复的第一项；空列表、没有数字 id 时为 null', () => {
    expect(defaultPick([{ id: 3 }, { id: 4 }])).toBe(3);
    expect(defaultPick({ list: [{ id: 7 }], total: 1 })).toBe(7);
    expect(defaultPick([])).toBeNull();
    expect(defaultPick({ list: [] })).toBeNull();
    expect(defaultPick(null)).toBeNull();
    expect(defaultPick([{ id: '1' }])).toBeNull();
  });

  it('prefer：该项为真的第一项，没有就第一项（与成绩管理、国网上报的默认选法相同）', () => {
    const list = [
      { id: 1, editable: false },
      { id: 2, editable: true },
      { id: 3, editable: true },
    ];
    expect(defaultPick(list, 'editable')).toBe(2);
    expect(defaultPick([{ id: 1, editable: false }], 'editable')).toBe(1);
  });

  it('field：取选中项的该字段（字典类型按编码选）；字段为空时为 null', () => {
    expect(defaultPick({ list: [{ id: 5, code: 'EDU_LEVEL' }, { id: 6, code: 'SEX' }] }, undefined, 'code')).toBe('EDU_LEVEL');
    expect(defaultPick([{ id: 5, code: '' }], undefined, 'code')).toBeNull();
    expect(defaultPick([{ id: 5 }], undefined, 'code')).toBeNull();
  });
});

describe('服务端先取的请求与界面的请求相同', () => {
  it('数据字典：字典类型的请求体（keyword 为空时不带）与登记的相同，字典项按所选类型的编码取', () => {
    // components/dict/DictList.tsx 第一次请求的请求体
    const keyword: string = '';
    const client = { keyword: keyword || undefined, pageNo: 1, pageSize: 1000 };
    expect(requestKey(screenCatalog.DictList.serverData.body)).toBe(requestKey(client));
    expect(screenCatalog.DictList.firstPage.pickFrom).toEqual({ param: 'dicType', field: 'code' });
  });

  it('计划选择的请求体（keyword 为空时不带）与登记的相同', () => {
    // components/exaPlan/PlanPicker.tsx 第一次请求的请求体
    const keyword: string = '';
    const client = { keyword: keyword || undefined, pageSize: 100 };
    for (const name of ['ExamSiteList', 'ExamRoomList', 'CameraList', 'ExamAffairs'] as const) {
      const call = (screenCatalog[name] as { serverData?: ServerDataCall }).serverData;
      expect(call, name).toBeDefined();
      expect(requestKey(call!.body ?? {}), name).toBe(requestKey(client));
    }
  });

  it('第一页按选中项取（pickFrom）的界面都登记了选项的请求', () => {
    const missing = entries.filter(([, e]) => e.firstPage?.pickFrom && !e.serverData).map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
