import type { Metadata } from 'next';
import LoginV2Screen from '@/components/auth/LoginV2Screen';
import { queryValue, redirectIfSignedIn, ssoEnabled, type SearchParams } from '@/components/auth/page-helpers';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('auth.login.pageTitle') };
}

export default async function LoginV2Page({ searchParams }: { searchParams: SearchParams }) {
  await redirectIfSignedIn();
  return <LoginV2Screen redirect={await queryValue(searchParams, 'redirect')} sso={ssoEnabled()} />;
}
