// 督导任务（/perSuper/listSuperTask）：有督导员的场次。督导员账号只看自己担任督导的场次；其他用户看范围内全部。
// 每行带进度（按场次的北京时间）、考场与考生数、督导员、已填的意见与异常记录数，以及当前用户可做的操作。
import { and, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { can, type Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { containsPattern } from '@/lib/platform/db/like';
import { fetchPage } from '@/lib/platform/db/paged';
import { formatBeijing } from '@/lib/platform/time';
import { organisations } from '../org/tables';
import { people } from '../personnel/tables';
import { examPlans } from '../exaPlan/tables';
import { examRooms, examSeats, examSessions, examSessionStaff } from '../examSite/tables';
import { PLAN_STATE, positionLabel } from '../exaPlan/transitions';
import { SUBJECT_LABEL } from '../examSite/schemas';
import { timeText } from '../examSite/rules';
import { SUPERVISION_STEPS, supervisionOf, supervisionOpen } from './access';
import { abnormalRecords, supervisorOpinions } from './tables';
import { TASK_PHASE_LABEL, type TaskAction, type TaskItem } from './schemas';

/** 场次开始、结束的北京时间文本（与 'YYYY-MM-DD HH:mm' 比较） */
const startText = sql<string>`${examSessions.examDate}::text || ' ' || ${examSessions.startTime}`;
const endText = sql<string>`${examSessions.examDate}::text || ' ' || ${examSessions.endTime}`;

const phaseOf = (s: { examDate: string; startTime: string; endTime: string }, now: string) =>
  `${s.examDate} ${s.endTime}` <= now ? 'finished' : `${s.examDate} ${s.startTime}` <= now ? 'ongoing' : 'upcoming';

export async function listTasks(db: Db, session: Session, filter: { keyword?: string; phase?: 'upcoming' | 'ongoing' | 'finished'; open?: boolean }, page: Page): Promise<PageResult<TaskItem>> {
  const sup = await supervisionOf(db, session.user);
  const now = formatBeijing(new Date()).slice(0, 16);
  const staffed = sup.restricted
    ? sup.person
      ? sql`exists (select 1 from ${examSessionStaff} st where st.session_id = ${examSessions.id} and st.role = 'supervisor' and st.person_id = ${sup.person.id})`
      : sql`false`
    : sql`exists (select 1 from ${examSessionStaff} st where st.session_id = ${examSessions.id} and st.role = 'supervisor')`;
  const where = and(
    scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }),
    ne(examPlans.state, PLAN_STATE.CANCELLED),
    staffed,
    filter.keyword ? or(ilike(examPlans.name, containsPattern(filter.keyword)), ilike(examPlans.code, containsPattern(filter.keyword))) : undefined,
    filter.phase === 'upcoming' ? sql`${startText} > ${now}` : undefined,
    filter.phase === 'ongoing' ? sql`${startText} <= ${now} and ${endText} > ${now}` : undefined,
    filter.phase === 'finished' ? sql`${endText} <= ${now}` : undefined,
    filter.open ? inArray(examPlans.step, [...SUPERVISION_STEPS]) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ s: examSessions, plan: examPlans, orgName: organisations.name })
      .from(examSessions)
      .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
      .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
      .where(where)
      .orderBy(desc(examSessions.examDate), desc(examSessions.startTime), desc(examSessions.id)),
    db.select({ total: count() }).from(examSessions).innerJoin(examPlans, eq(examPlans.id, examSessions.planId)).where(where),
    async (rows) => {
      const ids = rows.map((r) => r.s.id);
      if (!ids.length) return [];
      const [rooms, supervisors, opinions, abnormals] = await Promise.all([
        db
          .select({ sessionId: examSeats.sessionId, roomName: examRooms.name, n: count() })
          .from(examSeats)
          .innerJoin(examRooms, eq(examRooms.id, examSeats.roomId))
          .where(inArray(examSeats.sessionId, ids))
          .groupBy(examSeats.sessionId, examRooms.name),
        db
          .select({ sessionId: examSessionStaff.sessionId, personId: examSessionStaff.personId, name: people.name })
          .from(examSessionStaff)
          .innerJoin(people, eq(people.id, examSessionStaff.personId))
          .where(and(inArray(examSessionStaff.sessionId, ids), eq(examSessionStaff.role, 'supervisor'))),
        db.select({ sessionId: supervisorOpinions.sessionId, n: count() }).from(supervisorOpinions).where(inArray(supervisorOpinions.sessionId, ids)).groupBy(supervisorOpinions.sessionId),
        db.select({ sessionId: abnormalRecords.sessionId, n: count() }).from(abnormalRecords).where(inArray(abnormalRecords.sessionId, ids)).groupBy(abnormalRecords.sessionId),
      ]);
      const opinionN = new Map(opinions.map((o) => [o.sessionId, Number(o.n)]));
      const abnormalN = new Map(abnormals.map((a) => [a.sessionId, Number(a.n)]));
      return rows.map(({ s, plan, orgName }) => {
        const mine = sup.person !== null && supervisors.some((x) => x.sessionId === s.id && x.personId === sup.person!.id);
        const open = supervisionOpen(plan);
        const actions: TaskAction[] = [];
        if (open && mine && can(session, 'supervisorOpinion.add')) actions.push('opinion', 'orgOpinion');
        if (open && mine && can(session, 'supervision.add')) actions.push('networkFile');
        if (open && (mine || !sup.restricted) && can(session, 'abnormalRecord.add')) actions.push('abnormal');
        const phase = phaseOf(s, now);
        const seated = rooms.filter((r) => r.sessionId === s.id);
        return {
          id: s.id,
          planId: plan.id,
          planCode: plan.code,
          planName: plan.name,
          orgName,
          positionName: positionLabel(plan),
          sessionName: s.name,
          subjectName: SUBJECT_LABEL[s.subject] ?? '',
          timeText: timeText(s),
          phase,
          phaseName: TASK_PHASE_LABEL[phase],
          label: `${plan.code} ${s.name}（${timeText(s)}）`,
          rooms: seated.map((r) => r.roomName).join('、'),
          examinees: seated.reduce((sum, r) => sum + Number(r.n), 0),
          supervisors: supervisors
            .filter((x) => x.sessionId === s.id)
            .map((x) => x.name)
            .join('、'),
          opinions: opinionN.get(s.id) ?? 0,
          abnormals: abnormalN.get(s.id) ?? 0,
          actions,
        };
      });
    },
  );
}
