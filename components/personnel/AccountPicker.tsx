'use client';
// 绑定账号的选择框：按账号名、姓名或手机号向服务端搜索候选（范围内、类型与库相符、尚未绑定的账号，最多 20 个）。
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { callConfigured } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { AccountOption } from '@/lib/domains/personnel/schemas';
import type { PostPath } from '@/components/api-contract';

const labelOf = (a: AccountOption) => [a.account, a.realName ?? a.nickName, a.mobile].filter(Boolean).join(' · ');

export default function AccountPicker({ path, value, onChange, disabled }: { path: PostPath; value: unknown; onChange: (v: unknown) => void; disabled?: boolean }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<AccountOption[] | null>(null);
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      callConfigured<AccountOption[]>('POST', path, { keyword: keyword || undefined }, { silent: true })
        .then((list) => alive && setOptions(list))
        .catch(() => alive && setOptions([]));
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [path, keyword]);
  return (
    <Select
      data-testid="account-picker"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      style={{ width: '100%' }}
      placeholder={t('输入账号名、姓名或手机号搜索')}
      disabled={disabled}
      value={typeof value === 'number' ? value : undefined}
      loading={options === null}
      notFoundContent={options ? t('没有可绑定的账号') : undefined}
      options={(options ?? []).map((a) => ({ value: a.id, label: labelOf(a) }))}
      onChange={(id: number) => onChange(id)}
    />
  );
}
