'use client';
// 系统管理 › 用户管理（/system/user）：全部账号的增删改、重置密码、冻结解冻、导入导出。
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import ListScreen from '@/components/list/ListScreen';
import type { AccountRow } from '@/lib/domains/account/schemas';
import { accountListProps } from './account-list';

const props = accountListProps('sysUser', '用户管理');

export default function UserList() {
  const unmask = useUnmaskList<AccountRow>('/account/listUsers', '用户列表', { exporter: props.exporter });
  return <ListScreen<AccountRow> {...props} list={unmask.list} toolbarExtra={unmask.toolbarExtra} />;
}
