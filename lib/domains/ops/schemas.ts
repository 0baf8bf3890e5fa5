// 运维各端点的输入。
import { z } from 'zod';
import { optionalText, blankToUndefined, id, optionalDate, optionalId } from '@/lib/platform/validation/fields';


/** 空串视同未填 */

/** 可选的枚举：空串视同未填 */
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `${label}不正确` }).optional()).describe(label);

/** 日期区间 createdStart / createdEnd（含两端） */
export const CreatedRange = z.object({
  createdStart: optionalDate('开始日期'),
  createdEnd: optionalDate('结束日期'),
});

/** 北京时间某天 0 点；end=true 时取次日 0 点（查询用“小于”） */
export function beijingDay(date: string, end = false): Date {
  const d = new Date(`${date}T00:00:00+08:00`);
  return end ? new Date(d.getTime() + 86_400_000) : d;
}

export const OperationLogFilter = CreatedRange.extend({
  account: optionalText('账号', 64),
  module: optionalText('模块', 64),
  entity: optionalText('实体', 64),
  entityId: optionalText('实体主键', 64),
  keyword: optionalText('关键字', 100),
});

export const LOGIN_RESULTS = ['login', 'failure', 'locked', 'logout', 'sso'] as const;
export const LOGIN_RESULT_NAMES: Record<(typeof LOGIN_RESULTS)[number], string> = {
  login: '登录成功',
  failure: '登录失败',
  locked: '账号锁定',
  logout: '退出登录',
  sso: '统一身份认证登录',
};

export const LoginLogFilter = CreatedRange.extend({
  account: optionalText('账号', 64),
  result: optionalEnum(LOGIN_RESULTS, '登录结果'),
  ip: optionalText('IP', 64),
});

export const OnlineFilter = z.object({
  account: optionalText('账号', 64),
  name: optionalText('姓名', 64),
  ip: optionalText('IP', 64),
});

export const ForceLogoutInput = z
  .object({
    sessionId: z.uuid('会话标识不正确').optional(),
    userId: id('用户').optional(),
  })
  .refine((v) => v.sessionId !== undefined || v.userId !== undefined, { message: '请指定要下线的会话或用户', path: ['sessionId'] });

const jobCode = z.string({ error: '任务编码不能为空' }).trim().min(1, '任务编码不能为空').max(64);

export const JobCodeInput = z.object({ code: jobCode });

export const JobSaveInput = z.object({
  code: jobCode,
  intervalMinutes: z.coerce
    .number({ error: '执行间隔必须是数字' })
    .int('执行间隔必须是整数')
    .min(1, '执行间隔至少 1 分钟')
    .max(525600, '执行间隔最多 525600 分钟（一年）')
    .describe('执行间隔（分钟）'),
  retentionDays: z
    .preprocess(blankToUndefined, z.coerce.number({ error: '保留天数必须是数字' }).int('保留天数必须是整数').min(0, '保留天数不能小于 0').max(3650, '保留天数最多 3650 天').optional())
    .describe('保留天数'),
  enabled: z.boolean({ error: '是否启用必须是布尔值' }).optional(),
});

export const JobRunsInput = z.object({ code: jobCode });

export const DEVICE_TYPES = ['camera', 'face', 'idReader', 'other'] as const;
export const DEVICE_TYPE_NAMES: Record<(typeof DEVICE_TYPES)[number], string> = {
  camera: '考场摄像头',
  face: '人脸识别终端',
  idReader: '身份证读卡器',
  other: '其他',
};
export const DEVICE_STATUSES = ['online', 'offline', 'disabled'] as const;
export const DEVICE_STATUS_NAMES: Record<(typeof DEVICE_STATUSES)[number], string> = { online: '在线', offline: '离线', disabled: '停用' };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const DeviceFilter = z.object({
  keyword: optionalText('名称或编号', 64),
  type: optionalEnum(DEVICE_TYPES, '设备类型'),
  status: optionalEnum(DEVICE_STATUSES, '设备状态'),
  orgId: optionalId('所属机构'),
});

export const DeviceSaveInput = z.object({
  /** 有 id 为修改，否则新增 */
  id: id('设备').optional(),
  code: z
    .string({ error: '设备编号不能为空' })
    .trim()
    .min(1, '设备编号不能为空')
    .max(32, '设备编号最多 32 个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '设备编号只能包含字母、数字、下划线和短横线')
    .describe('设备编号'),
  name: z.string({ error: '设备名称不能为空' }).trim().min(1, '设备名称不能为空').max(64, '设备名称最多 64 个字').describe('设备名称'),
  type: z.enum(DEVICE_TYPES, { error: '请选择设备类型' }).describe('设备类型'),
  orgId: id('所属机构', '请选择所属机构'),
  location: optionalText('安装位置', 128),
  ip: z
    .string()
    .trim()
    .refine((v) => v === '' || IPV4.test(v), 'IP 地址格式不正确')
    .optional()
    .transform((v) => v || undefined)
    .describe('IP 地址'),
  status: z.enum(DEVICE_STATUSES, { error: '设备状态不正确' }).default('offline').describe('状态'),
  remark: optionalText('备注', 300),
});

export const DeviceIdInput = z.object({ id: id('设备') });
export const DeviceIdsInput = z.object({
  ids: z.array(id('设备'), { error: '请选择要删除的设备' }).min(1, '请选择要删除的设备').max(500, '一次最多删除 500 台设备'),
});
