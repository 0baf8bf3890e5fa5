// 课程类型（树）、标签与分类：全省共用的维护项（不分范围，由持有资源权限的人维护）。被使用的（有子类型、有课程）不能删除，并说明原因。
import { asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { saveRow } from '@/lib/platform/db/save-row';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { courseClassifies, courses, courseTagLinks, courseTags, courseTypes } from './tables';
import type { ClassifyItem, CourseTypeNode, TagItem } from './schemas';

// ---------- 课程类型 ----------

/** 课程类型树（按 sort、id）；带各类型直属的课程数。按名称筛选时保留命中项及其上级。 */
export async function courseTypeTree(db: Db, filter: { name?: string }): Promise<{ list: CourseTypeNode[]; total: number }> {
  const [rows, counts] = await Promise.all([
    db.select().from(courseTypes).orderBy(asc(courseTypes.sort), asc(courseTypes.id)),
    db.select({ typeId: courses.typeId, n: count() }).from(courses).groupBy(courses.typeId),
  ]);
  const n = new Map(counts.map((c) => [c.typeId, Number(c.n)]));
  const nodes = new Map<number, CourseTypeNode>(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, name: r.name, sort: r.sort, remark: r.remark, courseCount: n.get(r.id) ?? 0, createTime: formatBeijing(r.createdAt) }]),
  );
  let keep: Set<number> | null = null;
  if (filter.name) {
    const q = filter.name.toLowerCase();
    keep = new Set();
    for (const r of rows) {
      if (!r.name.toLowerCase().includes(q)) continue;
      // 命中项连同各级上级
      for (let cur: number | null = r.id; cur !== null && !keep.has(cur); cur = nodes.get(cur)?.parentId ?? null) keep.add(cur);
    }
  }
  const roots: CourseTypeNode[] = [];
  for (const node of nodes.values()) {
    if (keep && !keep.has(node.id)) continue;
    const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return { list: roots, total: roots.length };
}

/** 上级须存在，且不能是自己或自己的下级（否则成环） */
async function assertParent(db: Db, id: number | undefined, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (parentId === id) throw ApiError.badRequest('上级类型不能是自己', { parentId: '上级类型不能是自己' });
  const all = await db.select({ id: courseTypes.id, parentId: courseTypes.parentId }).from(courseTypes);
  const parentOf = new Map(all.map((r) => [r.id, r.parentId]));
  if (!parentOf.has(parentId)) throw ApiError.badRequest('上级类型不存在', { parentId: '上级类型不存在' });
  if (id !== undefined) {
    for (let cur: number | null | undefined = parentId; cur !== null && cur !== undefined; cur = parentOf.get(cur)) {
      if (cur === id) throw ApiError.badRequest('上级类型不能是自己的下级', { parentId: '上级类型不能是自己的下级' });
    }
  }
}

export interface CourseTypeInput {
  id?: number;
  parentId: number | null;
  name: string;
  sort?: number;
  remark: string | null;
}

export async function saveCourseType(db: Db, _session: Session, input: CourseTypeInput, audit: Audit) {
  await assertParent(db, input.id, input.parentId);
  const values = { parentId: input.parentId, name: input.name, sort: input.sort ?? 0, remark: input.remark };
  const row = await saveRow(db, courseTypes, input.id, values, {
    audit,
    entity: 'course_type',
    detail: (r, isNew) => `${isNew ? '新增' : '修改'}课程类型 ${r.name}`,
    notFound: '课程类型不存在',
    duplicate: () => ApiError.badRequest('同一上级下已有同名的课程类型', { name: '同一上级下已有同名的课程类型' }),
    updateValues: { ...values, updatedAt: new Date() },
  });
  return { id: row.id };
}

/** 删除：有子类型或课程的不能删除，说明原因 */
export async function deleteCourseType(db: Db, _session: Session, id: number, audit: Audit) {
  const [row] = await db.select().from(courseTypes).where(eq(courseTypes.id, id));
  if (!row) throw ApiError.notFound('课程类型不存在');
  const [[children], [used]] = await Promise.all([
    db.select({ n: count() }).from(courseTypes).where(eq(courseTypes.parentId, id)),
    db.select({ n: count() }).from(courses).where(eq(courses.typeId, id)),
  ]);
  if (Number(children.n) > 0) throw ApiError.badRequest(`课程类型「${row.name}」下还有 ${children.n} 个子类型，不能删除`);
  if (Number(used.n) > 0) throw ApiError.badRequest(`课程类型「${row.name}」已有 ${used.n} 门课程使用，不能删除`);
  await db.delete(courseTypes).where(eq(courseTypes.id, id));
  audit({ entity: 'course_type', entityId: id, before: row, detail: `删除课程类型 ${row.name}` });
  return { removed: 1 };
}

/** 课程的类型须存在（任何一级都可挂课程，树只用于归类） */
export async function assertTypeExists(db: Db, typeId: number): Promise<string> {
  const [row] = await db.select({ name: courseTypes.name }).from(courseTypes).where(eq(courseTypes.id, typeId));
  if (!row) throw ApiError.badRequest('课程类型不存在', { typeId: '课程类型不存在' });
  return row.name;
}

// ---------- 标签与分类（同一套规则，两张表） ----------

const nameWhere = (col: typeof courseTags.name | typeof courseClassifies.name, name?: string): SQL | undefined => (name ? ilike(col, containsPattern(name)) : undefined);

export async function listTags(db: Db, filter: { name?: string }): Promise<{ list: TagItem[]; total: number }> {
  const rows = await db
    .select({ t: courseTags, n: count(courseTagLinks.courseId) })
    .from(courseTags)
    .leftJoin(courseTagLinks, eq(courseTagLinks.tagId, courseTags.id))
    .where(nameWhere(courseTags.name, filter.name))
    .groupBy(courseTags.id)
    .orderBy(asc(courseTags.sort), asc(courseTags.id));
  const list = rows.map(({ t, n }) => ({ id: t.id, name: t.name, sort: t.sort, courseCount: Number(n), createTime: formatBeijing(t.createdAt) }));
  return { list, total: list.length };
}

export async function saveTag(db: Db, _session: Session, input: { id?: number; name: string; sort?: number }, audit: Audit) {
  const values = { name: input.name, sort: input.sort ?? 0 };
  const row = await saveRow(db, courseTags, input.id, values, {
    audit,
    entity: 'course_tag',
    detail: (r, isNew) => `${isNew ? '新增' : '修改'}课程标签 ${r.name}`,
    notFound: '标签不存在',
    duplicate: () => ApiError.conflict('已有同名的标签'),
    updateValues: { ...values, updatedAt: new Date() },
  });
  return { id: row.id };
}

export async function deleteTags(db: Db, _session: Session, ids: number[], audit: Audit) {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(courseTags).where(inArray(courseTags.id, ids));
    if (!rows.length) throw ApiError.notFound('标签不存在');
    const used = await tx
      .select({ tagId: courseTagLinks.tagId, n: count() })
      .from(courseTagLinks)
      .where(inArray(courseTagLinks.tagId, rows.map((r) => r.id)))
      .groupBy(courseTagLinks.tagId);
    if (used.length) {
      const nameOf = new Map(rows.map((r) => [r.id, r.name]));
      throw ApiError.badRequest(`标签${used.map((u) => `「${nameOf.get(u.tagId)}」已有 ${u.n} 门课程使用`).join('，')}，不能删除`);
    }
    await tx.delete(courseTags).where(inArray(courseTags.id, rows.map((r) => r.id)));
    for (const r of rows) audit({ entity: 'course_tag', entityId: r.id, before: r, detail: `删除课程标签 ${r.name}` });
    return { removed: rows.length };
  });
}

export async function listClassifies(db: Db, filter: { name?: string }): Promise<{ list: ClassifyItem[]; total: number }> {
  const rows = await db
    .select({ c: courseClassifies, n: count(courses.id) })
    .from(courseClassifies)
    .leftJoin(courses, eq(courses.classifyId, courseClassifies.id))
    .where(nameWhere(courseClassifies.name, filter.name))
    .groupBy(courseClassifies.id)
    .orderBy(asc(courseClassifies.sort), asc(courseClassifies.id));
  const list = rows.map(({ c, n }) => ({ id: c.id, name: c.name, sort: c.sort, remark: c.remark, courseCount: Number(n), createTime: formatBeijing(c.createdAt) }));
  return { list, total: list.length };
}

export async function saveClassify(db: Db, _session: Session, input: { id?: number; name: string; sort?: number; remark: string | null }, audit: Audit) {
  const values = { name: input.name, sort: input.sort ?? 0, remark: input.remark };
  const row = await saveRow(db, courseClassifies, input.id, values, {
    audit,
    entity: 'course_classify',
    detail: (r, isNew) => `${isNew ? '新增' : '修改'}课程分类 ${r.name}`,
    notFound: '分类不存在',
    duplicate: () => ApiError.conflict('已有同名的分类'),
    updateValues: { ...values, updatedAt: new Date() },
  });
  return { id: row.id };
}

export async function deleteClassifies(db: Db, _session: Session, ids: number[], audit: Audit) {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(courseClassifies).where(inArray(courseClassifies.id, ids));
    if (!rows.length) throw ApiError.notFound('分类不存在');
    const used = await tx
      .select({ classifyId: courses.classifyId, n: count() })
      .from(courses)
      .where(inArray(courses.classifyId, rows.map((r) => r.id)))
      .groupBy(courses.classifyId);
    if (used.length) {
      const nameOf = new Map(rows.map((r) => [r.id, r.name]));
      throw ApiError.badRequest(`分类${used.map((u) => `「${nameOf.get(u.classifyId!)}」已有 ${u.n} 门课程使用`).join('，')}，不能删除`);
    }
    await tx.delete(courseClassifies).where(inArray(courseClassifies.id, rows.map((r) => r.id)));
    for (const r of rows) audit({ entity: 'course_classify', entityId: r.id, before: r, detail: `删除课程分类 ${r.name}` });
    return { removed: rows.length };
  });
}

/** 课程引用的分类与标签须存在 */
export async function assertClassifyAndTags(db: Db, classifyId: number | undefined, tagIds: readonly number[]): Promise<void> {
  if (classifyId !== undefined) {
    const [c] = await db.select({ id: courseClassifies.id }).from(courseClassifies).where(eq(courseClassifies.id, classifyId));
    if (!c) throw ApiError.badRequest('分类不存在', { classifyId: '分类不存在' });
  }
  if (tagIds.length) {
    const found = await db.select({ id: courseTags.id }).from(courseTags).where(inArray(courseTags.id, [...new Set(tagIds)]));
    if (found.length !== new Set(tagIds).size) throw ApiError.badRequest('标签不存在', { tagIds: '所选标签有的已不存在，请重新选择' });
  }
}
