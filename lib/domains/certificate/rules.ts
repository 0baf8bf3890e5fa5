// 证书的规则（唯一的一处）：类型与名称、编号规则、状态、公开查询的脱敏、二维码签名。说明见 docs/CERTIFICATES.md。
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/lib/platform/auth/secret';

/** SPEC §3 证书类型，与计划类型一一对应（计划 kind 即证书 cerType） */
export const CER_TYPE = { SKILL: 0, QUALIFICATION: 1, SPECIAL: 2, ORGAN: 3 } as const;
export const CER_TYPE_LABEL: Record<number, string> = { 0: '技能等级认定', 1: '职业资格', 2: '专项能力', 3: '机关工勤' };
/** 证书名称（证书上的标题） */
export const CER_NAME: Record<number, string> = { 0: '职业技能等级证书', 1: '职业资格证书', 2: '专项职业能力证书', 3: '机关事业单位工勤技能岗位技术等级证书' };

export const CERT_STATUS = { VALID: 0, VOID: 1 } as const;
export const CERT_STATUS_LABEL: Record<number, string> = { 0: '有效', 1: '已作废' };

export const CORRECTION_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const CORRECTION_STATUS_LABEL: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

/** 省份代码（第 6–7 位）：河北 13 */
export const PROVINCE_CODE = '13';
/** 部里分配的机构代码（第 2–5 位）：在省里备案的机构为 0000（本系统的机构都在省里备案） */
export const FILED_WITH_PROVINCE = '0000';
/** 流水号（第 17–22 位）每个机构每类证书每年的上限 */
export const MAX_SERIAL = 999_999;

/**
 * 首字母：技能等级证书 Y 用人单位（企业、央企分支）/ S 社会培训评价组织（其余机构类型，含技工院校）；
 * 其他类型用同样的 22 位结构，首字母 Z 职业资格、T 专项能力、G 机关工勤。
 */
export function leadLetter(cerType: number, orgType: number): string {
  if (cerType === CER_TYPE.SKILL) return orgType === 0 || orgType === 1 ? 'Y' : 'S';
  return cerType === CER_TYPE.QUALIFICATION ? 'Z' : cerType === CER_TYPE.SPECIAL ? 'T' : 'G';
}

export interface NumberParts {
  cerType: number;
  orgType: number;
  /** 机构（站点）序号：第 8–13 位，取机构在本系统的编号，补零到 6 位 */
  orgSerial: number;
  year: number;
  level: number;
  serial: number;
}

/** 证书编号：1 位大写字母 + 21 位数字（2–5 机构代码 0000，6–7 省份 13，8–13 机构序号，14–15 年份后两位，16 等级，17–22 流水号） */
export function certificateNumber(p: NumberParts): string {
  if (p.level < 1 || p.level > 5) throw new Error(`证书等级须为 1–5：${p.level}`);
  if (p.serial < 1 || p.serial > MAX_SERIAL) throw new Error(`流水号超出范围：${p.serial}`);
  if (p.orgSerial < 0 || p.orgSerial > 999_999) throw new Error(`机构序号超出 6 位：${p.orgSerial}`);
  return (
    leadLetter(p.cerType, p.orgType) +
    FILED_WITH_PROVINCE +
    PROVINCE_CODE +
    String(p.orgSerial).padStart(6, '0') +
    String(p.year % 100).padStart(2, '0') +
    String(p.level) +
    String(p.serial).padStart(6, '0')
  );
}

export const CERTIFICATE_NUMBER = /^[YSZTG]\d{21}$/;

/** 把编号拆回各段（公开查询、测试） */
export function parseNumber(code: string) {
  if (!CERTIFICATE_NUMBER.test(code)) return null;
  return {
    letter: code[0],
    ministryCode: code.slice(1, 5),
    province: code.slice(5, 7),
    orgSerial: Number(code.slice(7, 13)),
    year: Number(code.slice(13, 15)),
    level: Number(code.slice(15, 16)),
    serial: Number(code.slice(16, 22)),
  };
}

// ---------- 公开查询的脱敏 ----------

/** 证件号：前 3 后 4，中间每位一个 *（110***********1234） */
export function maskCardNo(value: string): string {
  if (value.length <= 7) return '*'.repeat(value.length);
  return value.slice(0, 3) + '*'.repeat(value.length - 7) + value.slice(-4);
}

/** 姓名：两个字留姓（张*），三个字及以上留首尾（欧**娜） */
export function maskHolderName(value: string): string {
  const chars = [...value.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}

// ---------- 二维码签名 ----------

/** 签名密钥：CERTIFICATE_QR_KEY；未设置时由 AUTH_SECRET 派生（生产环境 AUTH_SECRET 必须设置） */
function qrKey(): string {
  return process.env.CERTIFICATE_QR_KEY?.trim() || createHmac('sha256', authSecret()).update('certificate-qr').digest('hex');
}

/** 证书号的签名（HMAC-SHA256 前 16 字节，base64url） */
export function signNumber(cerCode: string): string {
  return createHmac('sha256', qrKey()).update(`cert:${cerCode}`).digest().subarray(0, 16).toString('base64url');
}

export function verifyNumber(cerCode: string, sig: string): boolean {
  const expected = Buffer.from(signNumber(cerCode));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** 二维码里的地址（相对路径；PDF 里加上站点地址 PUBLIC_BASE_URL） */
export function viewPath(cerCode: string): string {
  return `/certificateView?no=${encodeURIComponent(cerCode)}&sig=${signNumber(cerCode)}`;
}

/** 持证人核对与更正链接的令牌（证书 id 的签名，不过期；证书作废后链接不再可用） */
export function holderToken(certificateId: number): string {
  return `${certificateId}.${createHmac('sha256', qrKey()).update(`holder:${certificateId}`).digest().subarray(0, 12).toString('base64url')}`;
}

export function holderTokenId(token: string): number | null {
  const [idText, sig] = token.split('.');
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0 || !sig) return null;
  const expected = Buffer.from(holderToken(id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * 单页链接的令牌（SPEC §2 的免登录单页）：`<id>.<HMAC 前 12 字节>`，按用途分开签名（一个用途的令牌不能用于另一个）。
 * examinee：考生核对报考资格、提交或更正报名信息、看信息回执；registration：专项能力计划的报名数据（只读）。
 */
export type LinkPurpose = 'examinee' | 'registration';
export function linkToken(purpose: LinkPurpose, id: number): string {
  return `${id}.${createHmac('sha256', qrKey()).update(`${purpose}:${id}`).digest().subarray(0, 12).toString('base64url')}`;
}
export function linkTokenId(purpose: LinkPurpose, token: string): number | null {
  const [idText, sig] = token.split('.');
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0 || !sig) return null;
  const expected = Buffer.from(linkToken(purpose, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
