// 成绩公示的公开页面（免登录）：按公示码（?code=，随机的 uuid）显示计划的考试结果，姓名只留姓、证件号中间打码，带公示倒计时。
import type { Metadata } from 'next';
import { getDb } from '@/lib/platform/db/client';
import { publicPublicity } from '@/lib/domains/score/publicity';
import PublicityPublicView from '@/components/score/PublicityPublicView';

export const metadata: Metadata = { title: '成绩公示' };
export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function ScorePublicityPage({ searchParams }: { searchParams: Promise<{ code?: string }> }) {
  const { code } = await searchParams;
  const data = code && UUID.test(code) ? await publicPublicity(await getDb(), code) : null;
  return <PublicityPublicView data={data} />;
}
