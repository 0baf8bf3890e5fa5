// 师资库测试的共用件：演示账号的请求头、合法的教师表单、按身份证号找教师。
import { eq } from 'drizzle-orm';
import { idCheckChar } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { teachers } from '@/lib/domains/teacher/tables';
import type { Db } from '@/lib/platform/db/client';

/** 演示数据里明德培训学校的头像与证书图片（种子按机构各写一份，归属该机构） */
export const AVATAR = '/files/seed-training/ORG130105001-avatar-0.png';
export const CERT_FILE = '/files/seed-training/ORG130105001-certificate-0.png';

/**
 * 以演示账号调接口：每个测试文件调用一次（各文件有自己的数据库，令牌不能跨文件复用——
 * 共用模块的测试进程里，本模块只加载一次）。
 */
export function client() {
  const headers: Record<string, Record<string, string>> = {};
  const as = async (account: string) => (headers[account] ??= await authHeaders(account));
  return {
    post: async <T = Record<string, unknown>>(account: string, path: string, json: unknown = {}) => call<T>('POST', path, { headers: await as(account), json }),
    get: async <T = Record<string, unknown>>(account: string, path: string, query: Record<string, string | number> = {}) => call<T>('GET', path, { headers: await as(account), query }),
  };
}

let seq = 0;
/** 一个合法的、还没用过的 18 位身份证号（石家庄新华区、1988 年出生） */
export function newIdCard(): string {
  seq++;
  const body = `13010519880${String(1 + (seq % 9))}1${String(seq % 10)}${String(500 + seq).padStart(3, '0')}`.slice(0, 17);
  return body + idCheckChar(body);
}

/** 明德培训学校登记一名教师的合法表单（教师类型 1 带头教师，不需要证书） */
export function validTeacher(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    teacherTmg: AVATAR,
    nickName: `t${Date.now().toString(36)}${seq}`,
    realName: '测试教师',
    userType: 1,
    cardNo: newIdCard(),
    userPhone: '13912345678',
    userEmail: 'test@example.com',
    region: [130000, 130100, 130105],
    competentCode: 'ADM130105',
    teacherType: 2,
    teacherContent: '从事电工培训十年',
    createUserCode: 'ORG130105001',
    sysTeacherCertificateList: [],
    ...overrides,
  };
}

export async function teacherByCard(db: Db, cardNo: string) {
  // 身份证号加密存放：按盲索引找
  const [row] = await db.select().from(teachers).where(eq(teachers.idCardIndex, blindIndex('idNumber', cardNo)));
  return row;
}
