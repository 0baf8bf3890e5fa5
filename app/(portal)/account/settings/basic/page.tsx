import type { Metadata } from 'next';
import AccountSettingsFrame from '@/components/account/AccountSettingsFrame';
import BasicSettings from '@/components/account/BasicSettings';
import { loadAccountProfile } from '@/components/account/data';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('auth.account.menu.basic') };
}

export default async function BasicSettingsPage() {
  const profile = await loadAccountProfile('/account/settings/basic');
  return (
    <AccountSettingsFrame active="basic">
      <BasicSettings profile={profile} />
    </AccountSettingsFrame>
  );
}
