'use client';
// 培训管理 › 开班管理 › 开班申请（ClassApply）：本机构的培训班。新建与修改、课程体系与学员名单（跳到对应页面）、检查学员、
// 提交审核、撤回、开班、结业提交、录像（已发布与培训中）、申请作废、删除、办理历史。按钮只照服务端给出的行 actions 显示。
import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { Alert, Descriptions, Modal, Table, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import type { ListScreenProps } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { useShell } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import type { ClassItem, StudentItem } from '@/lib/domains/trainClass/schemas';
import { CHECK_COLOR, ID_CHECK_LABEL, QUALIFICATION_LABEL } from '@/lib/domains/trainClass/constants';
import { CLASS_STATUS_OPTIONS, ClassHistoryDialog, ClassName, ClassRecordingDialog, ClassStatusTag, DateSpan, classDetail, classForm, PATHS, recordingAction, useGoTo } from './shared';

interface Judged {
  total: number;
  idRefused: number;
  idWarning: number;
  qualificationRefused: number;
  qualificationWarning: number;
  students: (StudentItem & { idCheckName: string; qualificationName: string })[];
}

/** 检查学员的结果：各类人数与需要关注的学员 */
function JudgeDialog({ result, onClose }: { result: Judged | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={result !== null} title={t('学员检查结果')} footer={null} onCancel={onClose} width={820} destroyOnHidden>
      {result && (
        <div data-testid="judge-result">
          <Descriptions size="small" bordered column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('学员人数')}>{result.total}</Descriptions.Item>
            <Descriptions.Item label={t('身份核验不通过')}>{result.idRefused}</Descriptions.Item>
            <Descriptions.Item label={t('培训资格不符合')}>{result.qualificationRefused}</Descriptions.Item>
          </Descriptions>
          {result.idRefused + result.qualificationRefused > 0 && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('检查不通过的学员须移出后才能提交审核')} />}
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ y: 320 }}
            dataSource={result.students}
            locale={{ emptyText: t('全部学员检查通过') }}
            columns={[
              { title: t('姓名'), dataIndex: 'name', width: 100 },
              { title: t('身份证号'), dataIndex: 'idNumber', width: 180 },
              { title: t('身份核验'), dataIndex: 'idCheck', width: 100, render: (v: number) => <Tag color={CHECK_COLOR[v]}>{t(ID_CHECK_LABEL[v])}</Tag> },
              { title: t('培训资格'), dataIndex: 'qualification', width: 100, render: (v: number) => <Tag color={CHECK_COLOR[v]}>{t(QUALIFICATION_LABEL[v])}</Tag> },
              { title: t('说明'), dataIndex: 'qualificationReason', render: (_v, r) => [r.idCheckReason, r.qualificationReason].filter(Boolean).join('；') },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

export default function ClassApply() {
  const t = useT();
  const goTo = useGoTo();
  const code = useSearchParams().get('code') ?? undefined;
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [judged, setJudged] = useState<Judged | null>(null);
  const [recordingOf, setRecordingOf] = useState<ClassItem | null>(null);
  const has = (r: ClassItem, a: string) => r.actions.includes(a as never);
  const level = useShell().data.user.level;

  const props: ListScreenProps<ClassItem> = {
    title: '开班申请',
    resource: 'trainInfo',
    rowKey: 'id',
    testId: 'class-list',
    list: { path: '/trainInfo/trainInfoList', method: 'GET' },
    filters: [
      { name: 'name', label: '班级名称' },
      { name: 'code', label: '班级编号', initialValue: code },
      { name: 'status', label: '状态', type: 'select', options: CLASS_STATUS_OPTIONS },
      { name: 'year', label: '年度', type: 'number' },
    ],
    columns: [
      { title: '班级名称', dataIndex: 'name', width: 230, render: (_v, r) => <ClassName row={r} /> },
      { title: '状态', dataIndex: 'statusName', width: 110, render: (v: string, r) => <ClassStatusTag status={r.status} name={v} /> },
      { title: '工种与等级', dataIndex: 'workName', width: 130, render: (_v, r) => <TwoLineCell main={r.workName} sub={t(r.levelName)} /> },
      { title: '培训日期', dataIndex: 'startDate', width: 120, render: (_v, r) => <DateSpan from={r.startDate} to={r.endDate} /> },
      { title: '学时', dataIndex: 'hours', width: 70 },
      { title: '学员', dataIndex: 'studentCount', width: 90, render: (_v, r) => `${r.studentCount} / ${r.capacity}` },
      { title: '班主任', dataIndex: 'headTeacherName', width: 90 },
    ],
    // 管理员（非机构用户）新建班级时先选开班机构
    create: classForm('新建培训班', { pickOrg: level !== 'org' }),
    detail: classDetail,
    rowActions: [
      { key: 'edit', label: '编辑', permission: 'trainInfo.edit', visible: (r) => has(r, 'edit'), form: classForm('修改培训班') },
      { key: 'curriculum', label: '课程体系', onClick: (r) => goTo(PATHS.curriculum, r.id) },
      { key: 'students', label: '学员名单', onClick: (r) => goTo(PATHS.students, r.id) },
      { key: 'calendar', label: '开班日历', onClick: (r) => goTo(PATHS.calendar, r.id, r.startDate.slice(0, 7)) },
      {
        key: 'judge',
        label: '检查学员',
        visible: (r) => has(r, 'students'),
        onClick: (r) => void apiPost('/trainInfo/judgeStudent', { id: r.id }).then(setJudged, () => undefined),
      },
      {
        key: 'submit',
        label: '提交审核',
        permission: 'trainInfo.edit',
        visible: (r) => has(r, 'submit'),
        confirm: (r, tr) => tr('确定提交培训班 {code} 吗？提交后不能修改班级资料、课程与学员。', { code: r.code }),
        call: { path: '/trainInfo/submitReview', body: (r) => ({ id: r.id }), successMessage: '已提交，等待市级审核' },
      },
      {
        key: 'withdraw',
        label: '撤回',
        permission: 'trainInfo.edit',
        visible: (r) => has(r, 'withdraw'),
        confirm: '确定撤回审核申请吗？',
        call: { path: '/trainInfo/updateTrainInfoStatus', body: (r) => ({ id: r.id, action: 'withdraw' }), successMessage: '已撤回' },
      },
      {
        key: 'start',
        label: '开班',
        permission: 'trainInfo.edit',
        visible: (r) => has(r, 'start'),
        confirm: (r, tr) => tr('确定培训班 {code} 开班吗？', { code: r.code }),
        call: { path: '/trainInfo/updateTrainInfoStatus', body: (r) => ({ id: r.id, action: 'start' }), successMessage: '已开班' },
      },
      {
        key: 'finish',
        label: '结业提交',
        permission: 'trainInfo.edit',
        visible: (r) => has(r, 'finish'),
        confirm: (r, tr) => tr('确定提交培训班 {code} 的结业情况吗？', { code: r.code }),
        call: { path: '/trainInfo/submitCourseReview', body: (r) => ({ id: r.id }), successMessage: '已提交结业，等待考核确认' },
      },
      recordingAction(setRecordingOf),
      { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
      {
        key: 'discard',
        label: '申请作废',
        danger: true,
        permission: 'trainInfo.edit',
        visible: (r) => has(r, 'discard'),
        form: {
          title: '申请作废',
          submit: { path: '/trainInfo/derelictTrainInfo' },
          fields: [{ name: 'reason', label: '作废原因', type: 'textarea', required: true }],
          load: () => ({}),
          body: (v, r) => ({ id: r!.id, reason: v.reason }),
          successMessage: '已申请作废，等待市级审核',
        },
      },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        permission: 'trainInfo.delete',
        visible: (r) => has(r, 'delete'),
        confirm: (r, tr) => tr('确定删除培训班 {code} 吗？课程与学员一并删除。', { code: r.code }),
        call: { path: '/trainInfo/deleteBatch', body: (r) => ({ ids: [r.id] }), successMessage: '已删除' },
      },
    ],
    emptyText: '暂无培训班，可点击“新增”开班',
  };
  return (
    <>
      <ListScreen key={code ?? ''} {...props} />
      <ClassHistoryDialog classId={historyOf} onClose={() => setHistoryOf(null)} />
      <JudgeDialog result={judged} onClose={() => setJudged(null)} />
      <ClassRecordingDialog row={recordingOf} onClose={() => setRecordingOf(null)} />
    </>
  );
}
