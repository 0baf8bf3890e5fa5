// 课程预览与学习页（/course/preview/<课程 id>）：须登录；已上架的课程任何登录用户可看，未上架的只有课程范围内、
// 有查看权限的人可看（管理员预览、审核前查看）。数据与接口 GET /circle/course/getSectionList 同一个服务函数。
import type { Metadata } from 'next';
import BrandLink from '@/components/BrandLink';
import CoursePlayer from '@/components/course/CoursePlayer';
import { requestUrl } from '@/components/shell/data';
import { requireSession } from '@/lib/domains/access/server-session';
import { sectionList } from '@/lib/domains/course/chapters';
import type { SectionList } from '@/lib/domains/course/schemas';
import { ApiError } from '@/lib/platform/api/errors';
import { getDb } from '@/lib/platform/db/client';
import { getT } from '@/lib/i18n/server';

export const dynamic = 'force-dynamic';

type Params = Promise<{ id: string }>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('课程预览') };
}

export default async function CoursePreviewPage({ params }: { params: Params }) {
  const { id } = await params;
  const session = await requireSession(await requestUrl());
  const t = await getT();
  let data: SectionList | null = null;
  if (/^[1-9]\d{0,8}$/.test(id)) {
    try {
      data = await sectionList(await getDb(), session, Number(id));
    } catch (err) {
      // 不存在、范围外、无权查看：一律显示“未找到”，不透露课程是否存在
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <header style={{ background: '#fff', padding: '10px 24px', boxShadow: '0 1px 4px rgba(0,21,41,0.08)' }}>
        <BrandLink title={t('shell.brand.title')} subtitle={t('课程预览')} homeLabel={t('shell.brand.home')} />
      </header>
      <CoursePlayer data={data} />
    </div>
  );
}
