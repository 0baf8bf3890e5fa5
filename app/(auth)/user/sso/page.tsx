// 统一身份认证回调：身份源带着授权码回到这里。
import type { Metadata } from 'next';
import SsoCallback from '@/components/auth/SsoCallback';
import { queryValue, redirectIfSignedIn, type SearchParams } from '@/components/auth/page-helpers';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('auth.sso.button') };
}

export default async function SsoCallbackPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectIfSignedIn();
  const [code, ticket, state, iss, error] = await Promise.all(['code', 'ticket', 'state', 'iss', 'error'].map((k) => queryValue(searchParams, k)));
  return <SsoCallback code={code} ticket={ticket} state={state} iss={iss} error={error} />;
}
