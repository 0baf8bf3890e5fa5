import type { Metadata } from 'next';
import AccountSettingsFrame from '@/components/account/AccountSettingsFrame';
import SecuritySettings from '@/components/account/SecuritySettings';
import { loadAccountProfile } from '@/components/account/data';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('auth.account.menu.security') };
}

export default async function SecuritySettingsPage() {
  const profile = await loadAccountProfile('/account/settings/security');
  return (
    <AccountSettingsFrame active="security">
      <SecuritySettings profile={profile} />
    </AccountSettingsFrame>
  );
}
