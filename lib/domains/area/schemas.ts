import { z } from 'zod';

export const ROOT_AREA_ID = 130000;

const areaId = z.coerce.number().int().min(100000, '区划代码为 6 位数字').max(999999, '区划代码为 6 位数字');

export const AreaByParentInput = z.object({
  pid: areaId.default(ROOT_AREA_ID).describe('上级区划代码'),
});

export const AllAreaInput = z.object({
  pid: areaId.default(ROOT_AREA_ID).describe('根区划代码'),
  /** 返回的最大层级：2 到市，3 到县区 */
  maxLevel: z.coerce.number().int().min(1).max(3).default(3).describe('最大层级'),
});

export const AreaPageInput = z.object({
  name: z.string().trim().max(64, '区划名称最多 64 个字').optional().describe('区划名称'),
  pid: areaId.optional().describe('上级区划代码'),
  level: z.coerce.number().int().min(1).max(3).optional().describe('层级'),
});

export const EveryAreaInput = z.object({
  level: z.coerce.number().int().min(1).max(3).optional().describe('层级'),
});

/** 区划值：[省, 市|null, 县区|null] */
export const RegionValue = z
  .tuple([areaId, areaId.nullable(), areaId.nullable()], { error: '请选择行政区划' })
  .describe('行政区划');

/** 对外的区划条目，字段名与原系统一致。 */
export interface AreaItem {
  id: number;
  pid: number;
  name: string;
  BIZ_CODE: string;
  level: number;
  isLeaf: boolean;
}

export interface AreaTreeNode extends AreaItem {
  children?: AreaTreeNode[];
}
