'use client';
// 培训管理 › 开班管理 › 开班审批（ClassApprove）：本市的培训班（默认只看待我办理的）。审核（通过或驳回，概要里有课程体系与学员检查的情况）、
// 发布、考核确认、作废审核、录像（已发布与培训中）、查看学员、办理历史。按钮只照服务端给出的行 actions 显示。
import { useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { Alert, Descriptions, Spin } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import { ReviewDialog } from '@/components/list/ReviewDialog';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { ClassItem } from '@/lib/domains/trainClass/schemas';
import { CLASS_STATUS_OPTIONS, ClassHistoryDialog, ClassName, ClassRecordingDialog, ClassStatusTag, DateSpan, classDetail, PATHS, recordingAction, useGoTo } from './shared';

interface Detail extends ClassItem {
  trainTypeName: string;
  teachers: { id: number; name: string }[];
  curriculum: { lessons: number; lessonHours: number; online: number; onlineHours: number };
  students: { total: number; idRefused: number; qualificationRefused: number; warnings: number };
  discardReason: string | null;
}

/** 审核弹窗上方的概要：资料、课程体系、学员检查 */
function ReviewSummary({ id }: { id: number }) {
  const t = useT();
  const [d, setD] = useState<Detail | null>(null);
  useEffect(() => {
    let live = true;
    apiPost('/trainInfoExamine/trainDetail', { id }).then(
      (x) => live && setD(x),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (!d) return <Spin />;
  const problems = d.students.idRefused + d.students.qualificationRefused;
  return (
    <>
      {problems > 0 && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('有 {n} 名学员身份核验或培训资格不通过', { n: problems })} />}
      {d.discardReason && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('作废原因：{reason}', { reason: d.discardReason })} />}
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="class-review-summary">
        <Descriptions.Item label={t('开班机构')} span={2}>
          {d.orgName}
        </Descriptions.Item>
        <Descriptions.Item label={t('工种与等级')}>{`${d.workName} · ${t(d.levelName)}`}</Descriptions.Item>
        <Descriptions.Item label={t('培训类型')}>{t(d.trainTypeName)}</Descriptions.Item>
        <Descriptions.Item label={t('培训日期')}>{`${d.startDate} ~ ${d.endDate}`}</Descriptions.Item>
        <Descriptions.Item label={t('班级学时')}>{d.hours}</Descriptions.Item>
        <Descriptions.Item label={t('课程体系')} span={2}>
          {t('线下 {lessons} 节 {lessonHours} 学时，线上 {online} 门 {onlineHours} 学时', { ...d.curriculum })}
        </Descriptions.Item>
        <Descriptions.Item label={t('学员')} span={2}>
          {t('{total} 人（计划 {capacity} 人），需关注 {warnings} 人', { total: d.students.total, capacity: d.capacity, warnings: d.students.warnings })}
        </Descriptions.Item>
        <Descriptions.Item label={t('班主任')}>{d.headTeacherName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('授课教师')}>{d.teachers.map((x) => x.name).join('、') || '—'}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

type Reviewing = { row: ClassItem; kind: 'audit' | 'discard' };

export default function ClassApprove() {
  const t = useT();
  const goTo = useGoTo();
  const code = useSearchParams().get('code') ?? undefined;
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [recordingOf, setRecordingOf] = useState<ClassItem | null>(null);
  const [refresh, setRefresh] = useState(0);
  const has = (r: ClassItem, a: string) => r.actions.includes(a as never);
  return (
    <>
      <ListScreen<ClassItem>
        key={code ?? ''}
        title="开班审批"
        resource="trainInfoAudit"
        rowKey="id"
        testId="class-approve-list"
        refreshKey={refresh}
        list={{ path: '/trainInfo/trainInfoList', method: 'GET' }}
        filters={[
          { name: 'pendingOnly', label: '范围', type: 'select', options: [{ value: 'true', label: '待我办理' }, { value: 'false', label: '全部' }], initialValue: code ? 'false' : 'true' },
          { name: 'status', label: '状态', type: 'select', options: CLASS_STATUS_OPTIONS },
          { name: 'orgName', label: '机构名称' },
          { name: 'code', label: '班级编号', initialValue: code },
        ]}
        columns={[
          { title: '班级名称', dataIndex: 'name', width: 240, render: (_v, r) => <ClassName row={r} /> },
          { title: '状态', dataIndex: 'statusName', width: 110, render: (v: string, r) => <ClassStatusTag status={r.status} name={v} /> },
          { title: '工种与等级', dataIndex: 'workName', width: 130, render: (_v, r) => <TwoLineCell main={r.workName} sub={t(r.levelName)} /> },
          { title: '培训日期', dataIndex: 'startDate', width: 120, render: (_v, r) => <DateSpan from={r.startDate} to={r.endDate} /> },
          { title: '学员', dataIndex: 'studentCount', width: 90, render: (_v, r) => `${r.studentCount} / ${r.capacity}` },
        ]}
        detail={classDetail}
        rowActions={[
          { key: 'review', label: '审核', permission: 'trainInfoAudit.edit', visible: (r) => has(r, 'approve'), onClick: (r) => setReviewing({ row: r, kind: 'audit' }) },
          {
            key: 'publish',
            label: '发布',
            permission: 'trainInfoAudit.edit',
            visible: (r) => has(r, 'publish'),
            confirm: (r, tr) => tr('确定发布培训班 {code} 吗？发布后开始招生。', { code: r.code }),
            call: { path: '/trainInfo/updateTrainInfoStatus', body: (r) => ({ id: r.id, action: 'publish' }), successMessage: '已发布' },
          },
          {
            key: 'assess',
            label: '考核确认',
            permission: 'trainInfoAudit.edit',
            visible: (r) => has(r, 'assess'),
            form: {
              title: '考核确认',
              submit: { path: '/trainInfo/updateTrainInfoStatus' },
              fields: [{ name: 'opinion', label: '考核意见', type: 'textarea' }],
              load: () => ({}),
              body: (v, r) => ({ id: r!.id, action: 'assess', opinion: v.opinion }),
              successMessage: '已确认考核',
            },
          },
          { key: 'discardReview', label: '作废审核', permission: 'trainInfoAudit.edit', visible: (r) => has(r, 'discardApprove'), onClick: (r) => setReviewing({ row: r, kind: 'discard' }) },
          recordingAction(setRecordingOf),
          { key: 'students', label: '学员名单', onClick: (r) => goTo(PATHS.students, r.id) },
          { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
        ]}
        emptyText="暂无待办理的培训班"
      />
      <ReviewDialog
        open={reviewing !== null}
        title={reviewing ? t(reviewing.kind === 'audit' ? '审核培训班：{name}' : '作废审核：{name}', { name: reviewing.row.name }) : ''}
        passLabel={reviewing?.kind === 'discard' ? '作废生效' : '通过'}
        onClose={() => setReviewing(null)}
        onDone={() => setRefresh((n) => n + 1)}
        onSubmit={(v) => apiPost(reviewing!.kind === 'audit' ? '/trainInfo/updateAuditStatus' : '/trainInfo/derelictTrainInfoEfficacy', { id: reviewing!.row.id, result: v.result, opinion: v.opinion })}
        width={760}
        testIdPrefix="class-review"
        summary={reviewing && <ReviewSummary key={reviewing.row.id} id={reviewing.row.id} />}
      />
      <ClassHistoryDialog classId={historyOf} onClose={() => setHistoryOf(null)} />
      <ClassRecordingDialog row={recordingOf} onClose={() => setRecordingOf(null)} />
    </>
  );
}
