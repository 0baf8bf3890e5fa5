// 证件号码与手机号：各种合法写法、校验位、不存在的日期、未来日期、性别与出生日期的推导，以及 zod 模式的中文消息。
import { describe, expect, it } from 'vitest';
import {
  checkIdNumber,
  idCheckChar,
  idNumberSchema,
  isValidIdNumber,
  isValidMobile,
  mobileSchema,
  parseIdNumber,
  residentIdNumberSchema,
} from '@/lib/platform/identity';

const TODAY = '2026-05-20';
const problem = (v: string, opts = {}) => {
  const r = checkIdNumber(v, { today: TODAY, ...opts });
  return r.ok ? null : r.message;
};

describe('18 位居民身份证', () => {
  it('GB 11643 校验位：按加权和模 11 对应 10X98765432', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(idCheckChar('13010219900307123')).toBe('3');
    expect(idCheckChar('13060219851120002')).toBe('2');
  });

  it('合法号码解析出类别、出生日期与性别（第 17 位奇数为男、偶数为女）', () => {
    expect(parseIdNumber('130102199003071233')).toEqual({ kind: 'resident18', normalised: '130102199003071233', birthDate: '1990-03-07', gender: '男' });
    expect(parseIdNumber('130602198511200022')).toEqual({ kind: 'resident18', normalised: '130602198511200022', birthDate: '1985-11-20', gender: '女' });
    expect(parseIdNumber('810000198001010014')?.kind).toBe('resident18');
  });

  it('末位小写 x 可以接受并规范为大写；首尾与中间空白去掉', () => {
    expect(parseIdNumber('11010519491231002x')).toEqual({ kind: 'resident18', normalised: '11010519491231002X', birthDate: '1949-12-31', gender: '女' });
    expect(parseIdNumber(' 1101051949 1231002X ')?.normalised).toBe('11010519491231002X');
  });

  it('校验位不对', () => {
    expect(problem('130102199003071234')).toBe('身份证号校验位不正确');
    expect(problem('130102199003071243')).toBe('身份证号校验位不正确'); // 顺序码改动后沿用旧校验位
    expect(problem('110105194912310021')).toBe('身份证号校验位不正确');
    expect(isValidIdNumber('130102199003071234')).toBe(false);
  });

  it('不存在的出生日期：2 月 30 日、13 月、非闰年的 2 月 29 日；闰年 2000 年 2 月 29 日合法', () => {
    expect(problem('13010219900230123' + idCheckChar('13010219900230123'))).toBe('身份证号中的出生日期不存在');
    expect(problem('13010219901301123' + idCheckChar('13010219901301123'))).toBe('身份证号中的出生日期不存在');
    expect(problem('13010219000229123' + idCheckChar('13010219000229123'))).toBe('身份证号中的出生日期不存在');
    expect(problem('13010219900400123' + idCheckChar('13010219900400123'))).toBe('身份证号中的出生日期不存在');
    expect(parseIdNumber('130102200002291010')).toMatchObject({ birthDate: '2000-02-29', gender: '男' });
    expect(parseIdNumber('130102200002291029')).toMatchObject({ birthDate: '2000-02-29', gender: '女' });
  });

  it('早于 1900 年的出生日期存在（GB 11643 的示例号码生于 1880 年），按“请核对”拒绝，不说日期不存在', () => {
    expect(idCheckChar('44052418800101001')).toBe('4');
    expect(problem('440524188001010014')).toBe('身份证号中的出生日期早于 1900 年，请核对');
    expect(problem('13010218991231123' + idCheckChar('13010218991231123'))).toBe('身份证号中的出生日期早于 1900 年，请核对');
    // 不存在的日期仍说不存在（1800 年不是闰年）
    expect(problem('13010218000229123' + idCheckChar('13010218000229123'))).toBe('身份证号中的出生日期不存在');
    expect(parseIdNumber('13010219000101123' + idCheckChar('13010219000101123'))).toMatchObject({ birthDate: '1900-01-01' });
  });

  it('出生日期晚于今天', () => {
    const tomorrow = '13010220260521001';
    expect(problem(tomorrow + idCheckChar(tomorrow))).toBe('身份证号中的出生日期晚于今天');
    const today = '13010220260520001';
    expect(problem(today + idCheckChar(today))).toBeNull();
    // 默认按北京时间的今天
    const far = '13010220990101001';
    expect(checkIdNumber(far + idCheckChar(far))).toEqual({ ok: false, message: '身份证号中的出生日期晚于今天' });
  });

  it('地区码不存在、长度与字符不对', () => {
    const badArea = '99010219900307123';
    expect(problem(badArea + idCheckChar(badArea))).toBe('身份证号中的地区码不正确');
    expect(problem('13010219900307123')).toBe('身份证号格式不正确'); // 17 位
    expect(problem('1301021990030712333')).toBe('身份证号格式不正确'); // 19 位
    expect(problem('1301021990030X1233')).toBe('身份证号格式不正确'); // X 不在末位
    expect(problem('13010219900307123Y')).toBe('身份证号格式不正确');
    expect(problem('')).toBe('请输入身份证号');
  });
});

describe('15 位居民身份证', () => {
  it('出生日期为 19yyMMdd，性别看第 15 位', () => {
    expect(parseIdNumber('130102900307123')).toEqual({ kind: 'resident15', normalised: '130102900307123', birthDate: '1990-03-07', gender: '男' });
    expect(parseIdNumber('130602851120002')).toEqual({ kind: 'resident15', normalised: '130602851120002', birthDate: '1985-11-20', gender: '女' });
  });

  it('不存在的日期：1900 年不是闰年，2 月 30 日，13 月', () => {
    expect(problem('130102000229123')).toBe('身份证号中的出生日期不存在');
    expect(problem('130102960229123')).toBeNull(); // 1996 闰年
    expect(problem('130102900230123')).toBe('身份证号中的出生日期不存在');
    expect(problem('130102901301123')).toBe('身份证号中的出生日期不存在');
  });
});

describe('港澳、台湾通行证号码', () => {
  it('H 或 M 加 8 或 10 位数字；小写字母规范为大写；不推导性别与出生日期', () => {
    expect(parseIdNumber('H12345678')).toEqual({ kind: 'hkMacau', normalised: 'H12345678', birthDate: null, gender: null });
    expect(parseIdNumber('M1234567890')).toEqual({ kind: 'hkMacau', normalised: 'M1234567890', birthDate: null, gender: null });
    expect(parseIdNumber('h1234567890')?.normalised).toBe('H1234567890');
    expect(problem('H1234567')).toBe('身份证号格式不正确');
    expect(problem('H123456789')).toBe('身份证号格式不正确'); // 9 位
    expect(problem('A12345678')).toBe('身份证号格式不正确');
  });

  it('只有 8 或 10 位数字', () => {
    expect(parseIdNumber('12345678')).toMatchObject({ kind: 'taiwan', birthDate: null, gender: null });
    expect(parseIdNumber('1234567890')?.kind).toBe('taiwan');
    expect(problem('123456789')).toBe('身份证号格式不正确');
  });

  it('只收居民身份证时拒绝通行证号码', () => {
    expect(problem('H12345678', { residentOnly: true })).toBe('身份证号格式不正确');
    expect(problem('12345678', { residentOnly: true })).toBe('身份证号格式不正确');
    expect(problem('130102199003071233', { residentOnly: true })).toBeNull();
  });
});

describe('zod 模式', () => {
  it('idNumberSchema 输出规范写法，错误给出中文原因', () => {
    expect(idNumberSchema.parse('11010519491231002x')).toBe('11010519491231002X');
    expect(idNumberSchema.parse('m12345678')).toBe('M12345678');
    const bad = idNumberSchema.safeParse('130102199003071234');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('身份证号校验位不正确');
    expect(idNumberSchema.safeParse('130102199002301230').error?.issues[0].message).toBe('身份证号中的出生日期不存在');
    expect(idNumberSchema.safeParse(undefined).error?.issues[0].message).toBe('请输入身份证号');
  });

  it('residentIdNumberSchema 只收 15/18 位', () => {
    expect(residentIdNumberSchema.safeParse('H12345678').success).toBe(false);
    expect(residentIdNumberSchema.parse('130102900307123')).toBe('130102900307123');
  });
});

describe('手机号', () => {
  it('1 开头，第二位 3 到 9，共 11 位', () => {
    for (const ok of ['13012345678', '15912345678', '19912345678', '16612345678']) expect(isValidMobile(ok)).toBe(true);
    for (const bad of ['12012345678', '10012345678', '23012345678', '1301234567', '130123456789', '1301234567a', '']) expect(isValidMobile(bad)).toBe(false);
  });

  it('mobileSchema 的中文消息', () => {
    expect(mobileSchema.parse(' 13912345678 ')).toBe('13912345678');
    expect(mobileSchema.safeParse('12912345678').error?.issues[0].message).toBe('手机号格式有误，请重新输入');
    expect(mobileSchema.safeParse('').error?.issues[0].message).toBe('请输入手机号');
  });
});
