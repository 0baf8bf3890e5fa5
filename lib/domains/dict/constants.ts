// 字典的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

/** 字典类型与字典项的状态 */
export const DICT_STATUS = { ENABLED: 0, DISABLED: 1 } as const;
/** 列表上随名称显示的状态标签（启用的不显示） */
export const DICT_STATUS_TAG: Record<number, string | undefined> = { [DICT_STATUS.DISABLED]: '停用' };
