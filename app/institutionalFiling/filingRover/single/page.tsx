// 备案公开查看（SPEC §2 免登录路由 filingRoverSingle）：只显示备案的公开摘要，不含任何个人信息。
import type { Metadata } from 'next';
import { getDb } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { publicSummary } from '@/lib/domains/filing/service';
import FilingPublicView from '@/components/filing/FilingPublicView';

export const metadata: Metadata = { title: '机构备案信息' };
export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 按公示码（?code=，随机的 uuid）查看；不是有效备案或码不对时显示“未找到” */
export default async function FilingRoverSinglePage({ searchParams }: { searchParams: Promise<{ code?: string }> }) {
  const { code } = await searchParams;
  let summary: Awaited<ReturnType<typeof publicSummary>> | null = null;
  if (code && UUID.test(code)) {
    try {
      summary = await publicSummary(await getDb(), code);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
  return <FilingPublicView summary={summary} />;
}
