// 通用列表的纯函数：筛选/表单取值 → 接口参数、记录 → 表单初始值、选项与单元格文字、导入失败数据。
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { FieldSpec } from '@/components/list/types';
import {
  asImportFailure,
  formatValue,
  optionLabel,
  recordToValues,
  regionId,
  regionPath,
  toOptions,
  valuesToParams,
  importErrorsId,
} from '@/components/list/values';

const fields: FieldSpec[] = [
  { name: 'account', label: '账号' },
  { name: 'status', label: '状态', type: 'select' },
  { name: 'createdAt', label: '创建日期', type: 'dateRange' },
  { name: 'areaId', label: '区划', type: 'region' },
  { name: 'birthday', label: '生日', type: 'date' },
  { name: 'roleIds', label: '角色', type: 'multiSelect' },
];

describe('valuesToParams', () => {
  it('去掉空值、修剪文本，0 与 false 保留', () => {
    expect(valuesToParams(fields, { account: '  zhang ', status: 0, roleIds: [], birthday: null, extra: false })).toEqual({
      account: 'zhang',
      status: 0,
      extra: false,
    });
    expect(valuesToParams(fields, { account: '   ' })).toEqual({});
  });

  it('日期区间拆成 Start/End（YYYY-MM-DD），日期为 YYYY-MM-DD', () => {
    const params = valuesToParams(fields, { createdAt: [dayjs('2026-03-01T10:00:00'), dayjs('2026-03-31T23:00:00')], birthday: dayjs('1990-05-06') });
    expect(params).toEqual({ createdAtStart: '2026-03-01', createdAtEnd: '2026-03-31', birthday: '1990-05-06' });
    expect(valuesToParams(fields, { createdAt: null })).toEqual({});
  });

  it('区划取最具体的一级代码', () => {
    expect(valuesToParams(fields, { areaId: [130000, 130100, null] })).toEqual({ areaId: 130100 });
    expect(valuesToParams(fields, { areaId: [130000, 130100, 130102] })).toEqual({ areaId: 130102 });
    expect(valuesToParams(fields, { areaId: null })).toEqual({});
  });

  it('编辑表单里清空的文本框提交空串（服务端据此清空），选择项不受影响', () => {
    expect(valuesToParams(fields, { account: '', status: undefined }, { keepEmpty: true })).toEqual({ account: '' });
  });

  it('多选保留数组', () => {
    expect(valuesToParams(fields, { roleIds: [1, 2] })).toEqual({ roleIds: [1, 2] });
  });
});

describe('区划代码与级联路径', () => {
  it('按六位代码推出各级', () => {
    expect(regionPath(130000)).toEqual([130000, null, null]);
    expect(regionPath(130100)).toEqual([130000, 130100, null]);
    expect(regionPath('130102')).toEqual([130000, 130100, 130102]);
    expect(regionPath(null)).toBeNull();
    expect(regionPath('abc')).toBeNull();
    expect(regionId([130000, null, null])).toBe(130000);
    expect(regionId(undefined)).toBeUndefined();
  });
});

describe('recordToValues', () => {
  it('日期字符串转 dayjs，区划代码转路径，区间从 Start/End 取，未出现的字段不设', () => {
    const values = recordToValues(fields, { account: 'a', birthday: '1990-05-06', areaId: 130102, createdAtStart: '2026-01-01', createdAtEnd: '2026-01-31' });
    expect(values.account).toBe('a');
    expect(dayjs.isDayjs(values.birthday) && (values.birthday as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('1990-05-06');
    expect(values.areaId).toEqual([130000, 130100, 130102]);
    const [start, end] = values.createdAt as dayjs.Dayjs[];
    expect([start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')]).toEqual(['2026-01-01', '2026-01-31']);
    expect('status' in values).toBe(false);
  });
});

describe('选项', () => {
  it('认 {label,value}、字典的 {dictLabel,dictValue} 与 {list}', () => {
    expect(toOptions([{ label: '男', value: 1 }])).toEqual([{ label: '男', value: 1 }]);
    expect(toOptions({ list: [{ dictLabel: '初级', dictValue: '5' }] })).toEqual([{ label: '初级', value: '5' }]);
    expect(toOptions([{ id: 3, name: '评价机构', code: 'EVAL' }], 'name', 'id')).toEqual([{ label: '评价机构', value: 3 }]);
    expect(toOptions([{ foo: 1 }, null, 'x'])).toEqual([]);
    expect(toOptions(null)).toEqual([]);
  });

  it('取值 → 文字：数字与数字字符串相同，数组逐项，未知值原样', () => {
    const options = [
      { label: '正常', value: 0 },
      { label: '冻结', value: 1 },
    ];
    expect(optionLabel(options, '1')).toBe('冻结');
    expect(optionLabel(options, 0)).toBe('正常');
    expect(optionLabel(options, [0, 1])).toBe('正常、冻结');
    expect(optionLabel(options, 9)).toBe('9');
    expect(optionLabel(options, null)).toBe('');
  });
});

describe('formatValue（北京时间）', () => {
  it('ISO 时间按北京时间显示，与运行环境时区无关', () => {
    expect(formatValue('2026-03-01T16:30:00.000Z', 'datetime')).toBe('2026-03-02 00:30:00');
    expect(formatValue('2026-03-01T16:30:00.000Z', 'date')).toBe('2026-03-02');
  });

  it('不带时区的字符串已是北京时间，不再换算', () => {
    expect(formatValue('2026-11-22 08:10:04', 'datetime')).toBe('2026-11-22 08:10:04');
    expect(formatValue('2026-11-22 08:10:04', 'date')).toBe('2026-11-22');
    expect(formatValue('2026-11-22', 'datetime')).toBe('2026-11-22');
  });

  it('空值为空串，无法解析的原样', () => {
    expect(formatValue(null, 'datetime')).toBe('');
    expect(formatValue('不是时间', 'date')).toBe('不是时间');
  });
});

describe('导入失败', () => {
  it('识别服务端的错误数据，其余为 null', () => {
    const data = { total: 3, errorCount: 2, errors: [{ row: 3, column: '手机号', message: '手机号格式有误' }], errorFileId: 'x', errorFileUrl: '/api/platform/importErrors?id=x' };
    expect(asImportFailure(data)).toEqual(data);
    expect(asImportFailure({ fields: {} })).toBeNull();
    expect(asImportFailure(null)).toBeNull();
    expect(importErrorsId('/api/platform/importErrors?id=x')).toBe('x');
    expect(importErrorsId('/api/platform/importErrors')).toBe('');
  });
});
