// 演示数据：SPEC §3 的各类代码表作为内置字典写入；按 类型 code、类型+取值 幂等新增或更新。
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { BUILTIN_DICTS } from './codes';
import { dictItems, dictTypes, processRules } from './tables';

export async function seedDicts(db: Db): Promise<void> {
  await db
    .insert(dictTypes)
    .values(BUILTIN_DICTS.map((d) => ({ code: d.code, name: d.name, remark: d.remark ?? null, builtin: true })))
    .onConflictDoUpdate({
      target: dictTypes.code,
      set: { name: sql.raw('excluded.name'), remark: sql.raw('excluded.remark'), builtin: sql.raw('true') },
    });
  await db
    .insert(dictItems)
    .values(BUILTIN_DICTS.flatMap((d) => d.items.map((item, i) => ({ typeCode: d.code, value: item.value, label: item.label, sort: i + 1 }))))
    .onConflictDoUpdate({
      target: [dictItems.typeCode, dictItems.value],
      set: { label: sql.raw('excluded.label'), sort: sql.raw('excluded.sort') },
    });
  await seedProcessRules(db);
}

/** 演示流程规则：同一类型、同一区划已有规则（无论状态）则不动 */
async function seedProcessRules(db: Db): Promise<void> {
  const demo: (typeof processRules.$inferInsert)[] = [
    {
      processType: 'FILING_AUDIT',
      name: '全省机构备案审核',
      areaId: 130000,
      cityId: null,
      steps: [
        { order: 1, name: '市级初审', reviewerLevel: 'city', roleCode: null, opinionRequired: true },
        { order: 2, name: '省级复审', reviewerLevel: 'province', roleCode: null, opinionRequired: true },
      ],
    },
    {
      processType: 'EXAM_PLAN_AUDIT',
      name: '全省考试计划审核',
      areaId: 130000,
      cityId: null,
      steps: [{ order: 1, name: '市级审核', reviewerLevel: 'city', roleCode: null, opinionRequired: false }],
    },
    {
      processType: 'TRAIN_CLASS_AUDIT',
      name: '石家庄市培训班审核',
      areaId: 130100,
      cityId: 130100,
      steps: [
        { order: 1, name: '县区审核', reviewerLevel: 'county', roleCode: null, opinionRequired: false },
        { order: 2, name: '市级审批', reviewerLevel: 'city', roleCode: null, opinionRequired: true },
      ],
    },
  ];
  const existing = await db.select({ processType: processRules.processType, areaId: processRules.areaId }).from(processRules);
  const have = new Set(existing.map((e) => `${e.processType}:${e.areaId}`));
  const rows = demo.filter((r) => !have.has(`${r.processType}:${r.areaId}`));
  if (rows.length) await db.insert(processRules).values(rows);
}
