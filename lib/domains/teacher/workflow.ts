// 教师审核交给工作流引擎的声明：表、读取（范围）、历史与通知。转换与操作在 transitions.ts。
import { defineWorkflow } from '@/lib/platform/workflow';
import { scopedNotice } from '../message/workflow-notice';
import { teacherHistory, teachers, type Teacher } from './tables';
import { loadTeacher, teacherActorOf } from './access';
import { TEACHER_ACTOR_LABEL, TEACHER_AUDIT_LABEL, TEACHER_OPERATIONS, TEACHER_TRANSITIONS, type TeacherActor, type TeacherOperation, type TeacherTransitionAction } from './transitions';

export const teacherWorkflow = defineWorkflow<Teacher, TeacherTransitionAction, TeacherActor, string, TeacherOperation>({
  key: 'teacher',
  label: '教师',
  entity: 'teacher',
  table: teachers,
  id: teachers.id,
  position: { auditStatus: teachers.auditStatus },
  updatedAt: teachers.updatedAt,
  labels: { auditStatus: TEACHER_AUDIT_LABEL },
  actors: TEACHER_ACTOR_LABEL,
  actorLevels: { org: ['org'], reviewer: ['city', 'province'] },
  actorsOf: (user, t) => {
    const a = teacherActorOf(user, t);
    return a ? [a] : [];
  },
  transitions: TEACHER_TRANSITIONS,
  operations: TEACHER_OPERATIONS,
  load: loadTeacher,
  describe: (t) => `教师 ${t.name}`,
  history: { table: teacherHistory, values: (t) => ({ teacherId: t.id }) },
  effect: (_tx, _t, { action, opinion, session, now }) =>
    action === 'resubmit' ? {} : { auditOpinion: opinion, auditedBy: session.user.id, auditedAt: now },
  notice: scopedNotice<Teacher, TeacherActor>({
    levels: { org: 'org', reviewer: 'city' },
    ownerActor: 'org',
    link: (_t, actor) => (actor === 'reviewer' ? '/train/teacher/audit' : '/train/teacher/list'),
  }),
});
