'use client';
// 机构与企业 › 账号管理（/org/account）：与用户管理同一套接口，另可新建本人名下的子账号。
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import { useState } from 'react';
import { Button } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import FormDialog from '@/components/list/FormDialog';
import ListScreen from '@/components/list/ListScreen';
import { useCan } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import type { ListHelpers } from '@/components/list/types';
import type { AccountRow } from '@/lib/domains/account/schemas';
import { accountListProps, subAccountForm } from './account-list';

const base = accountListProps('account', '账号管理');

function SubAccountButton({ helpers }: { helpers: ListHelpers }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (!useCan()('account.add')) return null;
  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)} data-testid="account-add-sub">
        {t('新增子账号')}
      </Button>
      {open && (
        <FormDialog<AccountRow>
          spec={subAccountForm}
          mode="create"
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            helpers.reload();
          }}
        />
      )}
    </>
  );
}

export default function AccountList() {
  const unmask = useUnmaskList<AccountRow>('/account/listUsers', '账号列表', { exporter: base.exporter });
  return (
    <ListScreen<AccountRow>
      {...base}
      list={unmask.list}
      toolbarExtra={(helpers) => (
        <>
          <SubAccountButton helpers={helpers} />
          {unmask.toolbarExtra(helpers)}
        </>
      )}
    />
  );
}
