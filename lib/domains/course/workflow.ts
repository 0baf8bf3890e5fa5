// 课程交给工作流引擎的声明：表、读取（范围）、条件（提交前须有课件、被培训班使用的不能撤回修改）、附带动作、历史与通知。
// 转换与操作本身在 transitions.ts。
import { count, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { assertInScope } from '@/lib/platform/auth/scope';
import { defineWorkflow } from '@/lib/platform/workflow';
import { scopedNotice } from '../message/workflow-notice';
import { chapterCoursewares, classCourses, courseHistory, courses } from './tables';
import {
  ACTOR_LABEL,
  COURSE_KIND_LABEL,
  COURSE_STATUS_LABEL,
  OPERATIONS,
  TRANSITIONS,
  actorsOf,
  type Actor,
  type CourseKind,
  type CourseOperation,
  type GateKey,
  type TransitionAction,
} from './transitions';

export type Course = typeof courses.$inferSelect;
export type CourseSubject = Course & { kind: CourseKind };

/** 取范围内的课程，范围外或不存在答 404 */
export async function loadCourse(db: Db, user: SessionUser, id: number): Promise<CourseSubject> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return assertInScope(user, row, '课程') as CourseSubject;
}

/** 使用该课程的培训班数 */
export async function classCountOf(db: Db, courseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(classCourses).where(eq(classCourses.courseId, courseId));
  return Number(row?.n ?? 0);
}

const LIST_PATH = '/train/course/list';
const AUDIT_PATH = '/train/course/audit';

export const courseWorkflow = defineWorkflow<CourseSubject, TransitionAction, Actor, GateKey, CourseOperation>({
  key: 'course',
  label: '课程',
  entity: 'course',
  table: courses,
  id: courses.id,
  position: { status: courses.status },
  updatedAt: courses.updatedAt,
  labels: { status: COURSE_STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { auditor: ['city', 'province'] },
  actorsOf,
  transitions: TRANSITIONS,
  operations: OPERATIONS,
  gates: {
    hasWares: {
      label: '至少有一个课件',
      source: 'SPEC §4 课程管理（课程须有课件方可提交审核）',
      check: async (db, c) => {
        const [w] = await db.select({ n: count() }).from(chapterCoursewares).where(eq(chapterCoursewares.courseId, c.id));
        return Number(w.n) ? null : '课程还没有课件，请先添加章节与课件再提交审核';
      },
    },
    notInClass: {
      label: '没有培训班使用',
      source: 'SPEC §4 课程管理（培训班引用的课程内容不可变）',
      check: async (db, c) => {
        const used = await classCountOf(db, c.id);
        return used ? `课程已被 ${used} 个培训班使用` : null;
      },
    },
  },
  load: loadCourse,
  describe: (c) => `${COURSE_KIND_LABEL[c.kind]} ${c.code} ${c.name}`,
  history: { table: courseHistory, values: (c) => ({ courseId: c.id }) },
  effect: (_tx, _c, { action, now, opinion }) => {
    const t = TRANSITIONS.find((x) => x.action === action)!;
    return {
      ...(action === 'submit' ? { submittedAt: now, lastOpinion: null } : {}),
      ...(t.actor === 'auditor' ? { auditedAt: now, lastOpinion: opinion } : {}),
    };
  },
  notice: scopedNotice<CourseSubject, Actor>({
    levels: { auditor: 'city' },
    ownerActor: 'owner',
    link: (c, actor) => `${actor === 'auditor' ? AUDIT_PATH : LIST_PATH}?code=${encodeURIComponent(c.code)}`,
  }),
});
