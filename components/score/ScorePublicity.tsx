'use client';
// 评价业务 › 考务管理 › 成绩公示（ScorePublicity）：两页。
// “成绩审核”：已到“成绩管理”及以后的计划与成绩合计；市级审核成绩（通过进入成绩公示，驳回须填意见）、概况、成绩单、
// 合格考生（身份证号、手机号默认脱敏；有 exaPlanAudit.unmask 的可选理由后看全或导出全号，记访问日志）。
// “成绩公示”：公示状态与起止时间；机构开始公示，公示期内登记异议，市级处理异议；公示期满且没有待处理异议后进入下一步；公开页面的链接。
// 按钮都按行上的 actions（服务端按计划的转换表与公示状态算出）显示。
import { useState } from 'react';
import { Descriptions, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, ListColumn, ApiCall } from '@/components/list/types';
import { ReviewDialog } from '@/components/list/ReviewDialog';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { PLAN_KINDS } from '@/lib/domains/exaPlan/transitions';
import { PUBLICITY_STATUS_COLOR, PUBLICITY_STATUS_LABEL } from '@/lib/domains/score/constants';
import type { ObjectionItem, PlanScoreItem, PublicityItem, ScoreForm } from '@/lib/domains/score/schemas';
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import ScoreFormDialog from './ScoreFormDialog';
import { CorrectionTable, ScoreSheet, TotalsBar } from './shared';
import type { PostPath } from '@/components/api-contract';

const REVIEW_ACTIONS = ['cityPass', 'cityReject', 'provincePass', 'provinceReject'];
const kindOptions = PLAN_KINDS.map((label, value) => ({ label, value }));
/** 两页共用的筛选（类型、编号、名称）与前三列（编号、名称、当前步骤） */
const PLAN_FILTERS: FieldSpec[] = [
  { name: 'kind', label: '计划类型', type: 'select', options: kindOptions },
  { name: 'code', label: '计划编号' },
  { name: 'name', label: '计划名称' },
];
const planColumns = <T extends { positionName: string }>(): ListColumn<T>[] => [
  { title: '计划编号', dataIndex: 'code', width: 150 },
  { title: '计划名称', dataIndex: 'name', width: 220 },
  { title: '当前步骤', dataIndex: 'positionName', width: 160, render: (v: string) => <Tx text={v} /> },
];

interface ExamaffVo {
  plan: { code: string; name: string; kindName: string; orgName: string; positionName: string; examStartDate: string; examEndDate: string; subjects: { subject: number; label: string }[] };
  sessions: { id: number; name: string; subjectName: string; time: string; rooms: number; examinees: number; assessors: string[]; supervisors: string[] }[];
  subjects: { subject: number; label: string; submitted: number; average: number | null; passed: number; absent: number; cheating: number }[];
  totals: PlanScoreItem['totals'];
  publicity: { statusName: string; startsAt: string; endsAt: string; publicPath: string } | null;
  corrections: { id: number; examineeName: string; subjectName: string; before: string; after: string; reason: string; actorName: string; createdAt: string }[];
}

/** 计划的考务与成绩概况（审核时看） */
function Overview({ vo }: { vo: ExamaffVo }) {
  const t = useT();
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="score-overview">
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('计划编号')}>{vo.plan.code}</Descriptions.Item>
        <Descriptions.Item label={t('计划类型')}>{t(vo.plan.kindName)}</Descriptions.Item>
        <Descriptions.Item label={t('评价机构')} span={2}>
          {vo.plan.orgName}
        </Descriptions.Item>
        <Descriptions.Item label={t('当前步骤')}>{t(vo.plan.positionName)}</Descriptions.Item>
        <Descriptions.Item label={t('考试日期')}>{`${vo.plan.examStartDate} ~ ${vo.plan.examEndDate}`}</Descriptions.Item>
      </Descriptions>
      <TotalsBar totals={vo.totals} subjects={vo.plan.subjects.map((s) => s.subject)} />
      <Table
        size="small"
        rowKey="subject"
        pagination={false}
        dataSource={vo.subjects}
        columns={[
          { title: t('科目'), dataIndex: 'label', render: (v: string) => t(v) },
          { title: t('已提交'), dataIndex: 'submitted', width: 90 },
          { title: t('平均分'), dataIndex: 'average', width: 90, render: (v: number | null) => v ?? '—' },
          { title: t('及格'), dataIndex: 'passed', width: 80 },
          { title: t('缺考'), dataIndex: 'absent', width: 80 },
          { title: t('违纪'), dataIndex: 'cheating', width: 80 },
        ]}
      />
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ y: 200 }}
        dataSource={vo.sessions}
        columns={[
          { title: t('场次'), dataIndex: 'name', width: 180 },
          { title: t('科目'), dataIndex: 'subjectName', width: 130, render: (v: string) => t(v) },
          { title: t('时间'), dataIndex: 'time', width: 170 },
          { title: t('考生'), dataIndex: 'examinees', width: 60 },
          { title: t('考评员'), dataIndex: 'assessors', render: (v: string[]) => v.join(t('access.action.separator')) || '—' },
          { title: t('督导员'), dataIndex: 'supervisors', width: 100, render: (v: string[]) => v.join(t('access.action.separator')) || '—' },
        ]}
      />
      {vo.corrections.length > 0 && <CorrectionTable rows={vo.corrections} first={{ title: '考生', key: 'examineeName', width: 90 }} title="最近的更正" />}
    </Space>
  );
}

interface PassedRow {
  id: number;
  name: string;
  idNumber: string;
  ticketNo: string | null;
  workName: string;
  levelName: string;
}

/** 合格考生（颁证名单）：身份证号、手机号默认脱敏；服务端说能看全时（canUnmask）给出“显示完整信息”“导出完整信息”，先选理由、记访问日志 */
function PassedList({ plan }: { plan: PlanScoreItem }) {
  const t = useT();
  const exporter: ApiCall = { path: '/exaPlanAudit/planCertificateExport' };
  const unmask = useUnmaskList<PassedRow>('/exaPlanAudit/getcertificateList', t('计划 {code} 的合格考生名单', { code: plan.code }), { exporter });
  return (
    <ListScreen<PassedRow>
      title="合格考生"
      resource="publicity"
      rowKey="id"
      testId="passed-list"
      list={{ ...unmask.list, params: { planId: plan.id } }}
      filters={[
        { name: 'name', label: '姓名' },
        { name: 'idNumber', label: '身份证号', placeholder: '请输入完整身份证号' },
      ]}
      columns={[
        { title: '准考证号', dataIndex: 'ticketNo', width: 170 },
        { title: '姓名', dataIndex: 'name', width: 90 },
        { title: '身份证号', dataIndex: 'idNumber', width: 190 },
        { title: '工种', dataIndex: 'workName', width: 130 },
        { title: '等级', dataIndex: 'levelName', width: 130, render: (v: string) => <Tx text={v} /> },
      ]}
      toolbarExtra={unmask.toolbarExtra}
      exporter={exporter}
      emptyText="暂无合格考生"
    />
  );
}

function AuditTab() {
  const t = useT();
  const [reviewing, setReviewing] = useState<{ row: PlanScoreItem; vo: ExamaffVo | null } | null>(null);
  const [sheetOf, setSheetOf] = useState<PlanScoreItem | null>(null);
  const [certOf, setCertOf] = useState<PlanScoreItem | null>(null);
  const [form, setForm] = useState<ScoreForm | null>(null);
  const [refresh, setRefresh] = useState(0);

  const review = (row: PlanScoreItem) => {
    setReviewing({ row, vo: null });
    apiPost('/exaPlanAudit/getExaExamaffVo', { id: row.id })
      .then((vo) => setReviewing((cur) => (cur && cur.row.id === row.id ? { row, vo } : cur)))
      .catch(() => undefined);
  };

  return (
    <>
      <ListScreen<PlanScoreItem>
        title="成绩审核"
        resource="publicity"
        rowKey="id"
        testId="score-audit-list"
        refreshKey={refresh}
        list={{ path: '/exaPlanAudit/selectPlanScoreList' }}
        filters={[
          { name: 'pendingOnly', label: '范围', type: 'select', options: [{ value: 'true', label: '待我审核' }, { value: 'false', label: '全部' }] },
          ...PLAN_FILTERS,
        ]}
        columns={[
          ...planColumns<PlanScoreItem>(),
          { title: '评价机构', dataIndex: 'orgName', width: 200 },
          { title: '应考', dataIndex: 'examinees', width: 70, render: (_v, r) => r.totals.examinees },
          { title: '合格', dataIndex: 'passed', width: 70, render: (_v, r) => r.totals.passed },
          { title: '不合格', dataIndex: 'failed', width: 80, render: (_v, r) => r.totals.failed },
          { title: '待定', dataIndex: 'pending', width: 70, render: (_v, r) => r.totals.pending },
        ]}
        rowActions={[
          { key: 'review', label: '审核成绩', permission: 'exaPlanAudit.edit', visible: (r) => r.actions.some((a) => REVIEW_ACTIONS.includes(a)), onClick: (r) => review(r) },
          { key: 'sheet', label: '成绩单', onClick: (r) => setSheetOf(r) },
          { key: 'cert', label: '合格考生', onClick: (r) => setCertOf(r) },
        ]}
        emptyText="暂无已到“成绩管理”步骤的考试计划"
      />
      <ReviewDialog
        open={reviewing !== null}
        title={reviewing ? t('审核成绩：{name}', { name: reviewing.row.name }) : ''}
        onClose={() => setReviewing(null)}
        onDone={() => setRefresh((n) => n + 1)}
        onSubmit={(v) => apiPost('/exaPlanAudit/auditExaPlan', { id: reviewing!.row.id, result: v.result, opinion: v.opinion })}
        width={900}
        testIdPrefix="score-review"
        summary={reviewing?.vo ? <Overview vo={reviewing.vo} /> : <Typography.Text type="secondary">{t('加载中…')}</Typography.Text>}
      />
      <Modal open={sheetOf !== null} title={sheetOf ? t('成绩单：{name}', { name: sheetOf.name }) : ''} width={1200} footer={null} onCancel={() => setSheetOf(null)} destroyOnHidden>
        {sheetOf && (
          <ScoreSheet
            planId={sheetOf.id}
            subjects={sheetOf.subjects}
            resource="publicity"
            list="/exaPlanAudit/getStudentList"
            rowActions={[{ key: 'view', label: '查看', onClick: (r) => void apiPost('/exaAff/getFormTypeAndScoreDetail', { examineeId: r.examineeId }).then(setForm, () => undefined) }]}
          />
        )}
      </Modal>
      <Modal open={certOf !== null} title={certOf ? t('合格考生：{name}', { name: certOf.name }) : ''} width={1000} footer={null} onCancel={() => setCertOf(null)} destroyOnHidden>
        {certOf && <PassedList plan={certOf} />}
      </Modal>
      <ScoreFormDialog form={form} onClose={() => setForm(null)} onChanged={setForm} />
    </>
  );
}

function ObjectionsDialog({ row, onClose }: { row: PublicityItem | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={row !== null} title={row ? t('公示异议：{name}', { name: row.name }) : ''} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      {row && (
        <ListScreen<ObjectionItem>
          title="公示异议"
          resource="publicity"
          rowKey="id"
          testId="objection-list"
          list={{ path: '/publicity/objections', params: { planId: row.planId } }}
          columns={[
            { title: '登记时间', dataIndex: 'createdAt', width: 160 },
            { title: '提出人', dataIndex: 'raisedBy', width: 90 },
            { title: '考生', dataIndex: 'examineeName', width: 90 },
            { title: '异议内容', dataIndex: 'content', width: 220, ellipsis: true },
            { title: '状态', dataIndex: 'statusName', width: 90, render: (v: string, r) => <Tag color={r.statusColor}>{t(v)}</Tag> },
            { title: '处理意见', dataIndex: 'resolution', width: 200, ellipsis: true },
            { title: '处理人', dataIndex: 'resolvedByName', width: 90 },
          ]}
          rowActions={[
            {
              key: 'resolve',
              label: '处理',
              permission: 'publicity.add',
              visible: (r) => r.actions.includes('resolve'),
              form: {
                title: '处理异议',
                submit: { path: '/publicity/resolveObjection' },
                fields: [{ name: 'resolution', label: '处理意见', type: 'textarea', required: true }],
                load: () => ({}),
                body: (v, r) => ({ id: r!.id, resolution: v.resolution }),
                successMessage: '已处理',
              },
            },
          ]}
          emptyText="暂无异议"
        />
      )}
    </Modal>
  );
}

function PublicityTab() {
  const t = useT();
  const [objectionsOf, setObjectionsOf] = useState<PublicityItem | null>(null);
  const planCall = (path: PostPath, success: string) => ({ path, body: (r: PublicityItem) => ({ id: r.planId }), successMessage: success });
  return (
    <>
      <ListScreen<PublicityItem>
        title="成绩公示"
        resource="publicity"
        rowKey="planId"
        testId="publicity-list"
        list={{ path: '/publicity/scorePublicity' }}
        filters={[
          { name: 'status', label: '公示状态', type: 'select', options: Object.entries(PUBLICITY_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label })) },
          ...PLAN_FILTERS,
        ]}
        columns={[
          ...planColumns<PublicityItem>(),
          {
            title: '公示状态',
            dataIndex: 'statusName',
            width: 110,
            render: (v: string, r) => (
              <span style={{ display: 'inline-block', lineHeight: 1.6 }}>
                <Tag color={PUBLICITY_STATUS_COLOR[r.status]} data-testid="publicity-status">
                  {t(v)}
                </Tag>
                {r.publicPath && (
                  <>
                    <br />
                    <a href={r.publicPath} target="_blank" rel="noreferrer" data-testid="publicity-public-link">
                      {t('公开页面')}
                    </a>
                  </>
                )}
              </span>
            ),
          },
          {
            title: '公示期',
            dataIndex: 'startsAt',
            width: 170,
            render: (_v, r) =>
              r.startsAt ? (
                <span style={{ whiteSpace: 'nowrap', lineHeight: 1.4, display: 'inline-block' }}>
                  {r.startsAt}
                  <br />
                  {t('至 {end}', { end: r.endsAt ?? '' })}
                </span>
              ) : (
                '—'
              ),
          },
          {
            title: '异议',
            dataIndex: 'objections',
            width: 80,
            render: (_v, r) => <span title={t('待处理 {open} 条，共 {all} 条', { open: r.openObjections, all: r.objections })}>{`${r.openObjections} / ${r.objections}`}</span>,
          },
        ]}
        rowActions={[
          {
            key: 'start',
            label: '开始公示',
            permission: 'publicity.add',
            visible: (r) => r.actions.includes('start'),
            confirm: (_r, tr) => tr('公示开始后须满公示期（工作日）才能结束，确定开始公示吗？'),
            call: { path: '/publicity/submit', body: (r) => ({ planId: r.planId }), successMessage: '公示已开始' },
          },
          {
            key: 'objection',
            label: '登记异议',
            permission: 'publicity.add',
            visible: (r) => r.actions.includes('objection'),
            form: {
              title: '登记异议',
              submit: { path: '/publicity/addObjection' },
              fields: [
                { name: 'raisedBy', label: '提出人', required: true, span: 12 },
                { name: 'contact', label: '联系电话', span: 12 },
                { name: 'content', label: '异议内容', type: 'textarea', required: true },
              ],
              load: () => ({}),
              body: (v, r) => ({ ...v, planId: r!.planId }),
              successMessage: '已登记',
            },
          },
          { key: 'objections', label: '异议', visible: (r) => r.objections > 0, onClick: (r) => setObjectionsOf(r) },
          { key: 'advance', label: '进入下一步', permission: ['exaPlanSkill.edit', 'exaPlanQual.edit', 'exaPlanSpecial.edit', 'exaPlanOrgan.edit'], visible: (r) => r.actions.includes('advance'), confirm: (_r, tr) => tr('确定进入下一步吗？'), call: planCall('/exaPlan/nextStep', '办理成功') },
          { key: 'applyAudit', label: '申请审核', permission: ['exaPlanSkill.edit', 'exaPlanQual.edit', 'exaPlanSpecial.edit', 'exaPlanOrgan.edit'], visible: (r) => r.actions.includes('applyAudit'), confirm: (_r, tr) => tr('确定申请审核吗？'), call: planCall('/exaPlan/auditingApply', '办理成功') },
        ]}
        emptyText="暂无已到“成绩公示”步骤的考试计划"
      />
      <ObjectionsDialog row={objectionsOf} onClose={() => setObjectionsOf(null)} />
    </>
  );
}

export default function ScorePublicity() {
  const t = useT();
  const [tab, setTab] = useState('audit');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      data-testid="score-publicity-tabs"
      items={[
        { key: 'audit', label: t('成绩审核'), children: <AuditTab /> },
        { key: 'publicity', label: t('成绩公示'), children: <PublicityTab /> },
      ]}
    />
  );
}

