'use client';
// 系统管理 › 运维监控 › 系统日志（/system/ops/log）：操作日志与登录日志两个页签，都可筛选、导出；
// 操作日志的“详情”并排显示每条数据变更的改前与改后。
import { useMemo, useState } from 'react';
import { Descriptions, Modal, Tabs, Tag, Tooltip, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx, useT } from '@/lib/i18n/client';
import type { FieldSpec, ListScreenProps, Option } from '@/components/list/types';
import { formatValue } from '@/components/list/values';
import { flattenMenuTree } from '@/lib/domains/access/menu-tree';
import ChangeDiff, { type ChangeView } from './ChangeDiff';

interface OperationLogRow {
  id: number;
  account: string;
  userName: string | null;
  ip: string | null;
  endpoint: string;
  operation: string;
  module: string;
  moduleName: string;
  requestId: string;
  input: unknown;
  changes: ChangeView[];
  detail: string | null;
  createdAt: string;
}

interface LoginLogRow {
  id: number;
  account: string;
  userName: string | null;
  result: string;
  resultName: string;
  message: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

const RESULT_OPTIONS: Option[] = [
  { label: '登录成功', value: 'login' },
  { label: '登录失败', value: 'failure' },
  { label: '账号锁定', value: 'locked' },
  { label: '退出登录', value: 'logout' },
  { label: '统一身份认证登录', value: 'sso' },
];
const RESULT_COLORS: Record<string, string> = { login: 'green', sso: 'green', failure: 'red', locked: 'volcano', logout: 'default' };

/** 模块筛选：菜单里的各个界面 */
const moduleOptions = (): Option[] =>
  flattenMenuTree()
    .filter((r) => !r.isDirectory)
    // 标签用菜单标题的稳定键，随语言显示
    .map((r) => ({ label: `menu.${r.key}`, value: r.key }));

function OperationDetail({ row, onClose }: { row: OperationLogRow; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open title={t('操作详情')} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Descriptions
        bordered
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'time', label: t('时间'), children: formatValue(row.createdAt, 'datetime') },
          { key: 'who', label: t('操作人'), children: t('{name}（{account}）', { name: row.userName ?? '', account: row.account }) },
          { key: 'module', label: t('模块'), children: row.moduleName },
          { key: 'ip', label: 'IP', children: row.ip || '-' },
          { key: 'op', label: t('操作'), children: row.operation, span: 2 },
          { key: 'endpoint', label: t('接口'), children: <Typography.Text code>{row.endpoint}</Typography.Text> },
          { key: 'req', label: t('请求编号'), children: <Typography.Text copyable>{row.requestId}</Typography.Text> },
          {
            key: 'input',
            label: t('提交内容'),
            span: 2,
            children: (
              <pre style={{ margin: 0, maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(row.input ?? {}, null, 2)}</pre>
            ),
          },
        ]}
      />
      <Typography.Title level={5}>{t('数据变更')}</Typography.Title>
      {row.changes.length === 0 ? (
        <Typography.Text type="secondary">{t('本次操作没有记录数据变更')}</Typography.Text>
      ) : (
        row.changes.map((c, i) => <ChangeDiff key={i} change={c} />)
      )}
    </Modal>
  );
}

function OperationLogTab() {
  const [detail, setDetail] = useState<OperationLogRow | null>(null);
  const filters: FieldSpec[] = useMemo(
    () => [
      { name: 'account', label: '账号' },
      { name: 'module', label: '模块', type: 'select', options: moduleOptions() },
      { name: 'keyword', label: '关键字', placeholder: '操作、说明、接口或姓名' },
      { name: 'created', label: '操作日期', type: 'dateRange' },
    ],
    [],
  );
  const props: ListScreenProps<OperationLogRow> = {
    title: '操作日志',
    resource: 'sysLog',
    rowKey: 'id',
    list: { path: '/perOperationLog/listPerOperationLog' },
    exporter: { path: '/sys/log/export' },
    filters,
    columns: [
      { title: '时间', dataIndex: 'createdAt', format: 'datetime', width: 170 },
      { title: '账号', dataIndex: 'account', width: 120 },
      { title: '姓名', dataIndex: 'userName', width: 100 },
      { title: '模块', dataIndex: 'moduleName', width: 110 },
      { title: '操作', dataIndex: 'operation', ellipsis: true, width: 260 },
      {
        title: '说明',
        dataIndex: 'detail',
        render: (v: string | null) =>
          v ? (
            <Tooltip title={v}>
              <div style={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{v}</div>
            </Tooltip>
          ) : (
            <Typography.Text type="secondary">-</Typography.Text>
          ),
      },
      { title: 'IP', dataIndex: 'ip', width: 130 },
    ],
    rowActions: [{ key: 'detail', label: '详情', permission: 'sysLog.get', onClick: (row) => setDetail(row) }],
    emptyText: '没有符合条件的操作记录',
    testId: 'operation-log',
  };
  return (
    <>
      <ListScreen {...props} />
      {detail && <OperationDetail row={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

const loginLogProps: ListScreenProps<LoginLogRow> = {
  title: '登录日志',
  resource: 'sysLog',
  rowKey: 'id',
  list: { path: '/sys/loginLog/list' },
  exporter: { path: '/sys/loginLog/export' },
  filters: [
    { name: 'account', label: '账号' },
    { name: 'result', label: '结果', type: 'select', options: RESULT_OPTIONS },
    { name: 'ip', label: 'IP' },
    { name: 'created', label: '登录日期', type: 'dateRange' },
  ],
  columns: [
    { title: '时间', dataIndex: 'createdAt', format: 'datetime', width: 170 },
    { title: '账号', dataIndex: 'account', width: 120 },
    { title: '姓名', dataIndex: 'userName', width: 100 },
    { title: '结果', dataIndex: 'result', width: 110, render: (v: string, row) => <Tag color={RESULT_COLORS[v] ?? 'default'}><Tx text={row.resultName} /></Tag> },
    { title: '说明', dataIndex: 'message', ellipsis: true, width: 240 },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      render: (v: string | null) =>
        v ? (
          <Tooltip title={v}>
            <div style={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{v}</div>
          </Tooltip>
        ) : (
          '-'
        ),
    },
  ],
  emptyText: '没有符合条件的登录记录',
  testId: 'login-log',
};

export default function SystemLogScreen() {
  return (
    <Tabs
      defaultActiveKey="operation"
      destroyOnHidden
      items={[
        { key: 'operation', label: '操作日志', children: <OperationLogTab /> },
        { key: 'login', label: '登录日志', children: <ListScreen {...loginLogProps} /> },
      ]}
    />
  );
}
