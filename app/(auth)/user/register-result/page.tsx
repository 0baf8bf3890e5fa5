import type { Metadata } from 'next';
import RegisterResultScreen from '@/components/auth/RegisterResultScreen';
import { queryValue, type SearchParams } from '@/components/auth/page-helpers';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('auth.result.title') };
}

export default async function RegisterResultPage({ searchParams }: { searchParams: SearchParams }) {
  const account = (await queryValue(searchParams, 'account'))?.slice(0, 64);
  return <RegisterResultScreen account={account} />;
}
