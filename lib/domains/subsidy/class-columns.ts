// 补贴申请与台账的列表都连培训班与开班机构：共用的列、行类型与按班名、机构名的筛选。
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '@/lib/platform/db/like';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses } from '@/lib/domains/trainClass/tables';

export const classColumns = {
  classCode: trainClasses.code,
  className: trainClasses.name,
  workName: trainClasses.workName,
  level: trainClasses.level,
  startDate: trainClasses.startDate,
  endDate: trainClasses.endDate,
  orgName: organisations.name,
};

export interface ClassColumns {
  classCode: string;
  className: string;
  workName: string;
  level: number;
  startDate: string;
  endDate: string;
  orgName: string | null;
}

/** 班名、机构名的模糊筛选（没填的不加条件） */
export const classNameFilters = (f: { className?: string; orgName?: string }): (SQL | undefined)[] => [
  f.className ? sql`${trainClasses.name} ilike ${containsPattern(f.className)}` : undefined,
  f.orgName ? sql`${organisations.name} ilike ${containsPattern(f.orgName)}` : undefined,
];
