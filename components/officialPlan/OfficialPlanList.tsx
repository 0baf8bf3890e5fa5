'use client';
// 年度评价计划（省里制定）：计划列表、新建与修改（草稿）、工种与机构的维护、发布、删除。按钮只照行上的 actions 显示。
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Empty, Modal, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FormSpec } from '@/components/list/types';
import { apiPost, callConfigured } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { OFFICIAL_STATUS_COLOR, OFFICIAL_STATUS_LABEL } from '@/lib/domains/officialPlan/constants';
import type { OfficialItem } from '@/lib/domains/officialPlan/service';
import type { PostPath } from '@/components/api-contract';
import { useConfirm } from '@/components/list/useConfirm';

const STATUS_OPTIONS = Object.entries(OFFICIAL_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));

const form = (title: string): FormSpec<OfficialItem> => ({
  title,
  submit: { path: '/officialPlan/savePlan' },
  fields: [
    { name: 'year', label: '年度', type: 'number', required: true, initialValue: new Date().getFullYear() },
    { name: 'name', label: '计划名称', required: true },
    { name: 'remark', label: '备注', type: 'textarea' },
  ],
});

interface Job {
  id: number;
  workCode: string;
  workName: string;
  levelNames: string[];
}
interface Org {
  id: number;
  orgId: number;
  orgName: string;
  cityName: string | null;
}
interface Choice {
  workCode?: string;
  workName?: string;
  levels?: number[];
  orgId?: number;
  orgName?: string;
  cityName?: string | null;
}

/** 一个页签：上方搜索并多选加入（草稿时），下方已加入的行 */
function MembersTab<Row extends { id: number }, K extends string | number>(props: {
  editable: boolean;
  placeholder: string;
  options: { value: K; label: string }[];
  picked: K[];
  onPick: (v: K[]) => void;
  onSearch: (name: string) => void;
  onAdd: () => void;
  testId: string;
  rows: Row[];
  empty: string;
  columns: TableColumnsType<Row>;
}) {
  const t = useT();
  return (
    <>
      {props.editable && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Select<K[]>
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={t(props.placeholder)}
            value={props.picked}
            onChange={props.onPick}
            showSearch={{ filterOption: false, onSearch: props.onSearch }}
            options={props.options}
            data-testid={props.testId}
          />
          <Button type="primary" disabled={!props.picked.length} onClick={props.onAdd}>
            {t('加入')}
          </Button>
        </Space.Compact>
      )}
      <Table<Row> size="small" rowKey="id" dataSource={props.rows} pagination={{ pageSize: 10 }} locale={{ emptyText: <Empty description={t(props.empty)} /> }} columns={props.columns} />
    </>
  );
}

/** 计划的工种与机构：草稿时可加可删，发布后只读 */
function ItemsDialog({ plan, onClose }: { plan: OfficialItem | null; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const editable = plan?.actions.includes('edit') ?? false;
  const [jobs, setJobs] = useState<Job[]>([]);
  const [orgs, setOrgs] = useState<Org[]>([]);
  const [jobChoices, setJobChoices] = useState<Choice[]>([]);
  const [orgChoices, setOrgChoices] = useState<Choice[]>([]);
  const [pickedJobs, setPickedJobs] = useState<string[]>([]);
  const [pickedOrgs, setPickedOrgs] = useState<number[]>([]);
  const planId = plan?.id;

  const load = useCallback(async () => {
    if (!planId) return;
    const d = await apiPost('/officialPlan/planDetail', { id: planId });
    setJobs(d.jobs);
    setOrgs(d.orgs);
  }, [planId]);
  const searchJobs = useCallback(
    (name?: string) => planId && editable && apiPost('/officialPlan/getCanSelectJobs', { planId, name }, { silent: true }).then(setJobChoices, () => setJobChoices([])),
    [planId, editable],
  );
  const searchOrgs = useCallback(
    (name?: string) => planId && editable && apiPost('/officialPlan/searchOrg', { planId, name }, { silent: true }).then(setOrgChoices, () => setOrgChoices([])),
    [planId, editable],
  );
  useEffect(() => {
    if (!planId) return;
    let alive = true;
    apiPost('/officialPlan/planDetail', { id: planId }).then(
      (d) => {
        if (!alive) return;
        setJobs(d.jobs);
        setOrgs(d.orgs);
      },
      () => undefined,
    );
    if (editable) {
      apiPost('/officialPlan/getCanSelectJobs', { planId }, { silent: true }).then((c) => alive && setJobChoices(c), () => undefined);
      apiPost('/officialPlan/searchOrg', { planId }, { silent: true }).then((c) => alive && setOrgChoices(c), () => undefined);
    }
    return () => {
      alive = false;
    };
  }, [planId, editable]);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(t(done));
      await load();
      await Promise.all([searchJobs(), searchOrgs()]);
    } catch {
      // 已提示
    }
  };
  const addJobs = () =>
    run(async () => {
      const jobsToAdd = jobChoices.filter((c) => pickedJobs.includes(c.workCode!)).map((c) => ({ workCode: c.workCode!, levels: c.levels ?? [] }));
      await apiPost('/officialPlan/saveJobs', { planId, jobs: jobsToAdd });
      setPickedJobs([]);
    }, '已加入工种');
  const addOrgs = () =>
    run(async () => {
      await apiPost('/officialPlan/saveOrgs', { planId, orgIds: pickedOrgs });
      setPickedOrgs([]);
    }, '已加入机构');

  const removeCell = (path: PostPath, id: number) =>
    editable ? (
      <Button type="link" size="small" danger onClick={() => confirm({ content: t('确定移除吗？'), danger: true, onOk: () => run(() => callConfigured('POST', path, { planId, id }), '已移除') })}>
        {t('移除')}
      </Button>
    ) : null;

  return (
    <Modal open={plan !== null} title={plan ? t('{name}：工种与机构', { name: plan.name }) : ''} footer={null} width={860} onCancel={onClose} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'jobs',
            label: t('工种（{n}）', { n: jobs.length }),
            children: (
              <MembersTab<Job, string>
                editable={editable}
                placeholder="搜索并选择工种（加入全部已开设的等级）"
                options={jobChoices.map((c) => ({ value: c.workCode!, label: `${c.workName}（${c.workCode}）` }))}
                picked={pickedJobs}
                onPick={setPickedJobs}
                onSearch={(v) => void searchJobs(v)}
                onAdd={addJobs}
                testId="official-job-select"
                rows={jobs}
                empty="暂无工种"
                columns={[
                  { title: t('工种编码'), dataIndex: 'workCode', width: 140 },
                  { title: t('工种名称'), dataIndex: 'workName' },
                  { title: t('等级'), dataIndex: 'levelNames', render: (v: string[]) => v.map((l) => <Tag key={l}>{t(l)}</Tag>) },
                  ...(editable ? [{ title: t('list.column.actions'), key: 'op', width: 80, render: (_: unknown, r: Job) => removeCell('/officialPlan/deleteJob', r.id) }] : []),
                ]}
              />
            ),
          },
          {
            key: 'orgs',
            label: t('机构（{n}）', { n: orgs.length }),
            children: (
              <MembersTab<Org, number>
                editable={editable}
                placeholder="搜索并选择有有效备案的机构"
                options={orgChoices.map((c) => ({ value: c.orgId!, label: `${c.orgName}（${c.cityName ?? ''}）` }))}
                picked={pickedOrgs}
                onPick={setPickedOrgs}
                onSearch={(v) => void searchOrgs(v)}
                onAdd={addOrgs}
                testId="official-org-select"
                rows={orgs}
                empty="暂无机构"
                columns={[
                  { title: t('机构名称'), dataIndex: 'orgName' },
                  { title: t('所在市'), dataIndex: 'cityName', width: 120 },
                  ...(editable ? [{ title: t('list.column.actions'), key: 'op', width: 80, render: (_: unknown, r: Org) => removeCell('/officialPlan/deleteOrg', r.id) }] : []),
                ]}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

export default function OfficialPlanList() {
  const [itemsOf, setItemsOf] = useState<OfficialItem | null>(null);
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <ListScreen<OfficialItem>
        title="年度评价计划"
        resource="officialPlan"
        rowKey="id"
        testId="official-plan-list"
        refreshKey={refresh}
        list={{ path: '/officialPlan/getList' }}
        filters={[
          { name: 'year', label: '年度', type: 'number' },
          { name: 'name', label: '计划名称' },
          { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
        ]}
        columns={[
          { title: '年度', dataIndex: 'year', width: 80 },
          { title: '计划名称', dataIndex: 'name', ellipsis: true },
          { title: '工种数', dataIndex: 'jobCount', width: 90 },
          { title: '机构数', dataIndex: 'orgCount', width: 90 },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <Tag color={OFFICIAL_STATUS_COLOR[s]}><Tx text={OFFICIAL_STATUS_LABEL[s]} /></Tag> },
          { title: '发布时间', dataIndex: 'submitTime', width: 170 },
        ]}
        create={form('新建年度评价计划')}
        rowActions={[
          { key: 'edit', label: '编辑', permission: 'officialPlan.edit', visible: (r) => r.actions.includes('edit'), form: form('修改年度评价计划') },
          { key: 'items', label: '工种与机构', onClick: (r) => setItemsOf(r) },
          {
            key: 'submit',
            label: '发布',
            permission: 'officialPlan.edit',
            visible: (r) => r.actions.includes('submit'),
            confirm: (r, tr) => tr('确定发布「{name}」吗？发布后不能修改。', { name: r.name }),
            call: { path: '/officialPlan/submit', body: (r) => ({ id: r.id }), successMessage: '已发布' },
          },
          {
            key: 'delete',
            label: '删除',
            danger: true,
            permission: 'officialPlan.delete',
            visible: (r) => r.actions.includes('delete'),
            confirm: (r, tr) => tr('确定删除「{name}」吗？', { name: r.name }),
            call: { path: '/officialPlan/deletePlan', body: (r) => ({ id: r.id }), successMessage: '已删除' },
          },
        ]}
        emptyText="暂无年度评价计划"
      />
      <ItemsDialog
        plan={itemsOf}
        onClose={() => {
          setItemsOf(null);
          setRefresh((n) => n + 1);
        }}
      />
    </>
  );
}
