// 备案公开查看（SPEC §2 免登录路由 filingRoverSingle）：只显示备案的公开摘要，不含任何个人信息。
import type { Metadata } from 'next';
import { getDb } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { publicSummary } from '@/lib/domains/filing/service';
import FilingPublicView from '@/components/filing/FilingPublicView';

export const metadata: Metadata = { title: '机构备案信息' };
export const dynamic = 'force-dynamic';

export default async function FilingRoverSinglePage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const { id } = await searchParams;
  const n = Number(id);
  let summary: Awaited<ReturnType<typeof publicSummary>> | null = null;
  if (Number.isInteger(n) && n > 0) {
    try {
      summary = await publicSummary(await getDb(), n);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
  return <FilingPublicView summary={summary} />;
}
