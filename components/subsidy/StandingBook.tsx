'use client';
// 培训管理 › 台账管理：台账维护（StandingBookManage，开班机构登记、刷新、提交）、台账审批（StandingBookApprove，市级通过或退回）、
// 台账查询（StandingBookSearch）。列表来自 /standingBook/list（step 决定看哪一段）；按钮只照服务端给出的行 actions 显示。
// 台账的数字由服务端从培训班、出勤、成绩、证书与补贴申请算出，界面不填数字。
import { useEffect, useState } from 'react';
import { Descriptions, Modal, Spin, Table, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import { HistoryDialog } from '@/components/list/HistoryDialog';
import type { FormSpec, RowAction } from '@/components/list/types';
import { apiGet } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { BOOK_STATUS_COLOR, BOOK_STATUS_LABEL, type BookAction } from '@/lib/domains/subsidy/standing-transitions';
import type { BookStep, StandingBookItem, StandingBookLineItem } from '@/lib/domains/subsidy/standing';

const STATUS_OPTIONS = Object.entries(BOOK_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const RED_ACTIONS = /退回/; // i18n-ignore

const TITLES: Record<BookStep, string> = { manage: '台账维护', approve: '台账审批', search: '台账查询' };
const RESOURCE: Record<BookStep, string> = { manage: 'ledger', approve: 'ledgerAudit', search: 'ledgerSearch' };

const registerForm: FormSpec<StandingBookItem> = {
  title: '登记台账',
  submit: { path: '/standingBook/save' },
  fields: [
    { name: 'classId', label: '培训班（已结业或已考核、尚未登记的）', type: 'select', required: true, optionsFrom: { path: '/standingBook/eligibleClasses', method: 'GET', labelKey: 'label', valueKey: 'id' } },
    { name: 'remark', label: '备注', type: 'textarea' },
  ],
  successMessage: '已登记，数据已按班级实际情况汇总',
};

const refreshForm: FormSpec<StandingBookItem> = {
  title: '刷新数据与备注',
  submit: { path: '/standingBook/save' },
  fields: [{ name: 'remark', label: '备注', type: 'textarea' }],
  body: (v, r) => ({ id: r?.id, remark: v.remark ?? null }),
  successMessage: '已按班级实际情况重新汇总',
};

const opinionForm = (title: string, action: string, required: boolean): FormSpec<StandingBookItem> => ({
  title,
  submit: { path: '/standingBook/updateStatus' },
  fields: [{ name: 'opinion', label: '审批意见', type: 'textarea', required }],
  body: (v, r) => ({ id: r?.id, action, opinion: v.opinion ?? null }),
  successMessage: '已办理',
});

function BookDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const [d, setD] = useState<(StandingBookItem & { lines: StandingBookLineItem[] }) | null>(null);
  useEffect(() => {
    if (id !== null) apiGet('/standingBook/detail', { id }).then(setD, () => undefined);
  }, [id]);
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={1100} title={t('台账详情')}>
      <div data-testid="standing-book-detail">
        {!d ? (
          <Spin />
        ) : (
          <>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={t('台账编号')}>{d.code}</Descriptions.Item>
              <Descriptions.Item label={t('培训班')}>{`${d.classCode} ${d.className}`}</Descriptions.Item>
              <Descriptions.Item label={t('状态')}>
                <Tag color={BOOK_STATUS_COLOR[d.status]}>{t(d.statusName)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('培训日期')}>{`${d.startDate} ~ ${d.endDate}`}</Descriptions.Item>
              <Descriptions.Item label={t('工种')}>{`${d.workName} ${t(d.levelName)}`}</Descriptions.Item>
              <Descriptions.Item label={t('班级学时')}>{d.classHours}</Descriptions.Item>
              <Descriptions.Item label={t('学员 / 结业')}>{`${d.studentCount} / ${d.completedCount}`}</Descriptions.Item>
              <Descriptions.Item label={t('考核合格 / 取证')}>{`${d.passedCount} / ${d.certifiedCount}`}</Descriptions.Item>
              <Descriptions.Item label={t('补贴申请 / 批准 / 拨付（元）')}>{`${d.subsidyClaimed} / ${d.subsidyApproved} / ${d.subsidyPaid}`}</Descriptions.Item>
              <Descriptions.Item label={t('数据汇总时间')}>{d.computedAt}</Descriptions.Item>
              <Descriptions.Item label={t('审批意见')}>{d.lastOpinion ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('备注')}>{d.remark ?? '-'}</Descriptions.Item>
            </Descriptions>
            <Table<StandingBookLineItem>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="studentId"
              dataSource={d.lines}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: t('姓名'), dataIndex: 'name', width: 90 },
                { title: t('证件号码'), dataIndex: 'idNumber', width: 170 },
                { title: t('出勤学时'), dataIndex: 'attendedHours', width: 90, render: (v: number | null) => v ?? '-' },
                { title: t('结业'), dataIndex: 'completionName', width: 80, render: (v: string) => t(v) },
                { title: t('考核结果'), dataIndex: 'assessName', width: 100, render: (v: string) => t(v) },
                { title: t('证书编号'), dataIndex: 'certNo', width: 170, render: (v: string | null) => v ?? '-' },
                { title: t('补贴申请（元）'), dataIndex: 'claimed', width: 110 },
                { title: t('补贴批准（元）'), dataIndex: 'approved', width: 110 },
                { title: t('补贴拨付（元）'), dataIndex: 'paid', width: 110 },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}

function BookScreen({ step }: { step: BookStep }) {
  const t = useT();
  const [viewing, setViewing] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const has = (r: StandingBookItem, a: BookAction) => r.actions.includes(a);
  const rowActions: RowAction<StandingBookItem>[] = [
    { key: 'view', label: '查看', onClick: (r) => setViewing(r.id) },
    { key: 'refresh', label: '刷新数据', visible: (r) => has(r, 'edit'), form: refreshForm },
    { key: 'submit', label: '提交审批', visible: (r) => has(r, 'submit'), confirm: '提交前将按班级实际情况重新汇总，确定提交吗？', call: { path: '/standingBook/updateStatus', body: (r) => ({ id: r.id, action: 'submit' }), successMessage: '已提交' } },
    { key: 'withdraw', label: '撤回', visible: (r) => has(r, 'withdraw'), confirm: '确定撤回这本台账吗？', call: { path: '/standingBook/updateStatus', body: (r) => ({ id: r.id, action: 'withdraw' }), successMessage: '已撤回' } },
    { key: 'approve', label: '审批通过', visible: (r) => has(r, 'approve'), form: opinionForm('审批通过', 'approve', false) },
    { key: 'return', label: '退回修改', danger: true, visible: (r) => has(r, 'return'), form: opinionForm('退回修改', 'return', true) },
    { key: 'delete', label: '删除', danger: true, visible: (r) => has(r, 'delete'), confirm: '确定删除这本台账吗？', call: { path: '/standingBook/delete', body: (r) => ({ id: r.id }), successMessage: '已删除' } },
    { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
  ];
  return (
    <>
      <ListScreen<StandingBookItem>
        title={TITLES[step]}
        resource={RESOURCE[step]}
        rowKey="id"
        testId={`standing-book-${step}`}
        list={{ path: '/standingBook/list', params: { step } }}
        filters={[
          ...(step === 'approve' ? [{ name: 'pendingOnly', label: '范围', type: 'select' as const, options: [{ value: 'true', label: '待我办理' }, { value: 'false', label: '全部' }], initialValue: 'true' }] : []),
          { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
          { name: 'code', label: '台账编号' },
          { name: 'className', label: '班级名称' },
          ...(step === 'manage' ? [] : [{ name: 'orgName', label: '机构名称' }]),
          { name: 'year', label: '年度', type: 'number' },
        ]}
        columns={[
          { title: '台账编号', dataIndex: 'code', width: 140 },
          { title: '培训班', dataIndex: 'className', width: 240, render: (_v, r) => <TwoLineCell main={r.className} sub={`${r.classCode} · ${r.orgName}`} /> },
          { title: '状态', dataIndex: 'statusName', width: 100, render: (v: string, r) => <Tag color={BOOK_STATUS_COLOR[r.status]}>{t(v)}</Tag> },
          { title: '学员 / 结业', dataIndex: 'studentCount', width: 100, render: (_v, r) => `${r.studentCount} / ${r.completedCount}` },
          { title: '合格 / 取证', dataIndex: 'passedCount', width: 100, render: (_v, r) => `${r.passedCount} / ${r.certifiedCount}` },
          { title: '补贴申请（元）', dataIndex: 'subsidyClaimed', width: 110, format: 'money' },
          { title: '补贴批准（元）', dataIndex: 'subsidyApproved', width: 110, format: 'money' },
          { title: '补贴拨付（元）', dataIndex: 'subsidyPaid', width: 110, format: 'money' },
          { title: '意见', dataIndex: 'lastOpinion', ellipsis: true },
        ]}
        create={step === 'manage' ? registerForm : undefined}
        exporter={{ path: '/standingBook/export' }}
        rowActions={rowActions}
        emptyText={step === 'approve' ? '暂无待审批的台账' : '暂无台账'}
      />
      <BookDetail key={viewing ?? 0} id={viewing} onClose={() => setViewing(null)} />
      <HistoryDialog recordId={historyOf} onClose={() => setHistoryOf(null)} path="/standingBook/history" colorOf={(e) => (RED_ACTIONS.test(e.actionName) ? 'red' : 'blue')} testId="standing-book-history" />
    </>
  );
}

export const StandingBookManage = () => <BookScreen step="manage" />;
export const StandingBookApprove = () => <BookScreen step="approve" />;
export const StandingBookSearch = () => <BookScreen step="search" />;
