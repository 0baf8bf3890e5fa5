import type { Metadata } from 'next';
import LoginClassicScreen from '@/components/auth/LoginClassicScreen';
import { queryValue, redirectIfSignedIn, ssoEnabled, type SearchParams } from '@/components/auth/page-helpers';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('auth.login.pageTitle') };
}

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectIfSignedIn();
  return <LoginClassicScreen redirect={await queryValue(searchParams, 'redirect')} sso={ssoEnabled()} />;
}
