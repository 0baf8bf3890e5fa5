// 职业工种目录的输入与常量：服务端校验与前端表单共用（不引入服务端模块）。
import { z } from 'zod';
import { id } from '@/lib/platform/validation/fields';
import { JOB_CODE_MESSAGE, JOB_CODE_PATTERN, levelCodeOf, WORK_CODE_MESSAGE, WORK_CODE_PATTERN } from './constants';

export * from './constants';

export const jobCode = z.string({ error: '请输入职业编码' }).trim().min(1, '请输入职业编码').regex(JOB_CODE_PATTERN, JOB_CODE_MESSAGE).describe('职业编码');
export const workCode = z.string({ error: '请输入工种编码' }).trim().min(1, '请输入工种编码').regex(WORK_CODE_PATTERN, WORK_CODE_MESSAGE).describe('工种编码');
const name = (what: string) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(64, `${what}最多 64 个字`)
    .describe(what);
const status = z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)], { error: '状态应为 0 启用或 1 停用' })).default(0).describe('状态：0 启用 1 停用');
const levelCode = z.coerce.number({ error: '请选择等级' }).int().min(1, '等级应为 1 到 5').max(5, '等级应为 1 到 5').describe('等级：5 五级 … 1 一级');
const keyword = z.string().trim().max(64).optional().describe('名称或编码关键字');

export const WorkSaveItem = z.object({
  code: workCode,
  name: name('工种名称'),
  status,
  skillStandardUrl: z.string().trim().max(500, '技能标准大纲地址过长').optional().describe('技能标准大纲地址'),
  levels: z
    .array(levelCode, { error: '请选择等级' })
    .min(1, '每个工种至少选择一个等级')
    .refine((l) => new Set(l).size === l.length, '等级重复')
    .describe('该工种开设的等级'),
});

export const JobSaveInput = z
  .object({
    id: id('职业').optional(),
    code: jobCode,
    name: name('职业名称'),
    description: z.string().trim().max(500, '职业描述最多 500 个字').optional().describe('职业描述'),
    status,
    works: z
      .array(WorkSaveItem, { error: '请填写工种' })
      .min(1, '至少填写一个工种')
      .max(100, '工种最多 100 个')
      .refine((w) => new Set(w.map((x) => x.code)).size === w.length, '工种编码重复')
      .describe('工种（整体替换）'),
  })
  .superRefine((v, ctx) => {
    v.works.forEach((w, i) => {
      if (w.code !== v.code && !w.code.startsWith(v.code + '-'))
        ctx.addIssue({ code: 'custom', path: ['works', i, 'code'], message: `工种编码 ${w.code} 须以所属职业编码 ${v.code} 开头` });
    });
  });

export const JobListInput = z.object({
  keyword,
  category: z.coerce.number().int().min(1).max(8).optional().describe('大类 1–8'),
  status: z.coerce.number().int().min(0).max(1).optional().describe('状态'),
});
export const JobIdInput = z.object({ id: id('职业') });
export const JobIdsInput = z.object({ ids: z.array(id('职业'), { error: '请选择要删除的职业' }).min(1, '请选择要删除的职业').max(500) });
export const JobRefInput = z.object({ id: id('职业').optional(), code: jobCode.optional() }).refine((v) => v.id !== undefined || v.code !== undefined, '请提供职业 id 或编码');
export const WorkCodeInput = z.object({ workCode });
export const WorkRefInput = z.object({ code: workCode });
export const WorkLevelRefInput = z.object({ workCode, levelCode });
export const WorkLevelRequireInput = z.object({ workCode, levelCode: levelCode.optional() });
export const WorkListInput = z.object({
  keyword,
  jobCode: jobCode.optional(),
  jobId: id('职业').optional(),
  status: z.coerce.number().int().min(0).max(1).optional().describe('状态'),
});
export const KeywordInput = z.object({ keyword });
export const AllWorksInput = z.object({ jobCode: jobCode.optional(), keyword });
export const AllWorkLevelsInput = z.object({ workCode: workCode.optional() });
export const OrgRefInput = z.object({ orgId: id('机构').optional() });
export const OrgIdsInput = z.object({ orgIds: z.array(id('机构')).max(200).optional(), orgId: id('机构').optional() });
export const YearInput = z.object({ year: z.coerce.number({ error: '请选择年度' }).int().min(2000, '年度不正确').max(2100, '年度不正确').describe('年度') });
export const OrgNameInput = z.object({ orgName: z.string().trim().max(64).optional().describe('机构名称') });

export const LevelRestriction = z
  .object({
    levelCode,
    limitType: z.coerce.number().int().min(0, '限制类型应为 0、1 或 2').max(2, '限制类型应为 0、1 或 2').describe('限制类型'),
    minYears: z.coerce.number().int().min(0, '年限不能为负').max(40, '年限最多 40 年').nullish().describe('累计从业年限'),
    prereqYears: z.coerce.number().int().min(0, '年限不能为负').max(40, '年限最多 40 年').nullish().describe('持低一级证书后年限'),
    requirement: z.string().trim().max(2000, '申报条件最多 2000 个字').optional().describe('申报条件'),
  })
  .superRefine((v, ctx) => {
    if (v.limitType === 1 && (v.minYears === null || v.minYears === undefined))
      ctx.addIssue({ code: 'custom', path: ['minYears'], message: '按从业年限限制时请填写年限' });
    if (v.limitType === 2 && (v.prereqYears === null || v.prereqYears === undefined))
      ctx.addIssue({ code: 'custom', path: ['prereqYears'], message: '按持证年限限制时请填写持低一级证书后的年限' });
    if (v.limitType === 2 && v.levelCode === 5) ctx.addIssue({ code: 'custom', path: ['limitType'], message: '五级没有更低的等级，不能按持证年限限制' });
  });
export const LevelRestrictionsInput = z.object({
  workCode,
  levels: z
    .array(LevelRestriction, { error: '请填写等级条件' })
    .min(1, '请填写等级条件')
    .refine((l) => new Set(l.map((x) => x.levelCode)).size === l.length, '等级重复'),
});

/** 导入：每行一个工种（所属职业不存在时一并新建） */
export const JobImportRow = z.object({
  jobCode,
  jobName: name('职业名称'),
  workCode,
  workName: name('工种名称'),
  levels: z
    .string({ error: '请填写等级' })
    .trim()
    .min(1, '请填写等级')
    .transform((text, ctx) => {
      const parts = text.split(/[,，、;；\s]+/).filter(Boolean);
      const codes = parts.map(levelCodeOf);
      const bad = parts.filter((_, i) => codes[i] === null);
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `等级不认识：${bad.join('、')}（可写 五级、初级工 或 5）` });
        return z.NEVER;
      }
      if (new Set(codes).size !== codes.length) {
        ctx.addIssue({ code: 'custom', message: '等级重复' });
        return z.NEVER;
      }
      return (codes as number[]).sort((a, b) => b - a);
    })
    .describe('等级'),
});

export const WorkRequireImportRow = z.object({
  workCode,
  level: z
    .string({ error: '请填写等级' })
    .trim()
    .min(1, '请填写等级')
    .transform((text, ctx) => {
      const code = levelCodeOf(text);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: `等级不认识：${text}（可写 五级、初级工 或 5）` });
        return z.NEVER;
      }
      return code;
    })
    .describe('等级'),
  minYears: z.coerce.number({ error: '从业年限应为数字' }).int('从业年限应为整数').min(0, '年限不能为负').max(40, '年限最多 40 年').optional().describe('累计从业年限'),
  prereqYears: z.coerce.number({ error: '持证年限应为数字' }).int('持证年限应为整数').min(0, '年限不能为负').max(40, '年限最多 40 年').optional().describe('持低一级证书后年限'),
  requirement: z.string().trim().max(2000, '申报条件最多 2000 个字').optional().describe('申报条件'),
});

export interface WorkLevelItem {
  levelCode: number;
  levelName: string;
  limitType: number;
  limitTypeName: string;
  minYears: number | null;
  prereqLevel: number | null;
  prereqYears: number | null;
  requirement: string | null;
}
export interface WorkItem {
  id: number;
  jobId: number;
  code: string;
  name: string;
  status: number;
  statusName: string;
  skillStandardUrl: string | null;
  levels: WorkLevelItem[];
  /** 开展该工种的机构数 */
  orgCount: number;
}
export interface JobItem {
  id: number;
  code: string;
  name: string;
  category: number;
  categoryName: string;
  description: string | null;
  status: number;
  statusName: string;
  works: WorkItem[];
  updatedAt: string;
}
/** 工种选择器与各下拉用的工种 */
export interface WorkOption {
  workCode: string;
  workName: string;
  jobCode: string;
  jobName: string;
  levels: number[];
}
