'use client';
// 系统管理 › 运维监控 › 在线用户（/system/ops/online-user）：未过期、未吊销的会话；可强制下线某个会话或某用户的全部会话。
// 不能在这里下线自己（用“退出登录”）。
import { Tag, Tooltip } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { ListScreenProps } from '@/components/list/types';

interface OnlineRow {
  sessionId: string;
  userId: number;
  account: string;
  userName: string;
  userType: string;
  ip: string | null;
  userAgent: string | null;
  loginAt: string;
  lastSeenAt: string;
  expiresAt: string;
  self: boolean;
  current: boolean;
}

const props: ListScreenProps<OnlineRow> = {
  title: '在线用户',
  resource: 'onlineUser',
  rowKey: 'sessionId',
  list: { path: '/sys/online/list' },
  filters: [
    { name: 'account', label: '账号' },
    { name: 'name', label: '姓名' },
    { name: 'ip', label: 'IP' },
  ],
  columns: [
    {
      title: '账号',
      dataIndex: 'account',
      width: 140,
      render: (v: string, row) => (
        <>
          {v}
          {row.current ? (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              <Tx text="当前会话" />
            </Tag>
          ) : (
            row.self && <Tag style={{ marginLeft: 6 }}><Tx text="本人" /></Tag>
          )}
        </>
      ),
    },
    { title: '姓名', dataIndex: 'userName', width: 110 },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string | null) => v || '-' },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      render: (v: string | null) =>
        v ? (
          <Tooltip title={v}>
            <div style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{v}</div>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    { title: '登录时间', dataIndex: 'loginAt', format: 'datetime', width: 170 },
    { title: '最近访问', dataIndex: 'lastSeenAt', format: 'datetime', width: 170 },
    { title: '到期时间', dataIndex: 'expiresAt', format: 'datetime', width: 170 },
  ],
  rowActions: [
    {
      key: 'forceLogout',
      label: '强制下线',
      permission: 'onlineUser.delete',
      danger: true,
      visible: (row) => !row.self,
      confirm: (row, t) => t('确定让 {name}（{account}）的这个会话下线吗？对方需要重新登录。', { name: row.userName, account: row.account }),
      call: { path: '/sys/online/forceLogout', body: (row) => ({ sessionId: row.sessionId }), successMessage: '已强制下线' },
    },
    {
      key: 'forceLogoutUser',
      label: '下线全部会话',
      permission: 'onlineUser.delete',
      danger: true,
      visible: (row) => !row.self,
      confirm: (row, t) => t('确定让 {name}（{account}）在所有设备上的登录全部下线吗？', { name: row.userName, account: row.account }),
      call: { path: '/sys/online/forceLogout', body: (row) => ({ userId: row.userId }), successMessage: '该用户的全部会话已下线' },
    },
  ],
  emptyText: '当前没有在线用户',
  testId: 'online-user',
};

export default function OnlineUserList() {
  return <ListScreen {...props} />;
}
