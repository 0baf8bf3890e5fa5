// 职业工种目录的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

/** 《职业分类大典》的 8 个大类（职业编码首位） */
export const JOB_CATEGORIES: Record<number, string> = {
  1: '党的机关、国家机关、群众团体和社会组织、企事业单位负责人',
  2: '专业技术人员',
  3: '办事人员和有关人员',
  4: '社会生产服务和生活服务人员',
  5: '农、林、牧、渔业生产及辅助人员',
  6: '生产制造及有关人员',
  7: '军队人员',
  8: '不便分类的其他从业人员',
};

/** 技能等级：5 五级/初级工 … 1 一级/高级技师 */
export const LEVELS = [5, 4, 3, 2, 1] as const;
export type LevelCode = (typeof LEVELS)[number];
export const LEVEL_NAMES: Record<number, string> = { 5: '五级/初级工', 4: '四级/中级工', 3: '三级/高级工', 2: '二级/技师', 1: '一级/高级技师' };
/** 导入与筛选时认得的写法 → 等级代码 */
export function levelCodeOf(text: string): number | null {
  const t = text.trim().replace(/\s+/g, '');
  if (/^[1-5]$/.test(t)) return Number(t);
  for (const [code, name] of Object.entries(LEVEL_NAMES)) {
    const [grade, title] = name.split('/');
    if (t === name || t === grade || t === title) return Number(code);
  }
  return null;
}

export const LIMIT_TYPES: Record<number, string> = { 0: '不限制', 1: '从业年限', 2: '持低一级证书后年限' };
/** 目录条目（工种、职业）的状态 */
export const CATALOG_STATUS = { ENABLED: 0, DISABLED: 1 } as const;
export const STATUS_NAMES: Record<number, string> = { [CATALOG_STATUS.ENABLED]: '启用', [CATALOG_STATUS.DISABLED]: '停用' };
/** 工种标签的颜色与说明（按状态取值） */
export const WORK_TAG_COLOR: Record<number, string> = { [CATALOG_STATUS.ENABLED]: 'blue', [CATALOG_STATUS.DISABLED]: 'default' };
export const WORK_ORGS_NOTE: Record<number, string> = { [CATALOG_STATUS.ENABLED]: '（{count} 家机构开展）', [CATALOG_STATUS.DISABLED]: '（{count} 家机构开展，已停用）' };

export const JOB_CODE_PATTERN = /^[1-8]-\d{2}-\d{2}-\d{2}$/;
export const JOB_CODE_MESSAGE = '职业编码应为“大类-中类-小类-细类”格式，如 6-18-01-01';
/** 工种编码：与职业编码相同，或职业编码后加两位序号（细分工种） */
export const WORK_CODE_PATTERN = /^[1-8]-\d{2}-\d{2}-\d{2}(-\d{2})?$/;
export const WORK_CODE_MESSAGE = '工种编码应为职业编码或职业编码加两位序号，如 6-18-02-04 或 6-18-02-04-01';
