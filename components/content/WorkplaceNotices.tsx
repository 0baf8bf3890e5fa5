import 'server-only';
// 工作台“通知公告”卡片：本人可见的最新通知公告（全省的与本市的；省级用户看全部），近 7 天发布的标“新”，点开到门户文章页。
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import { getDb } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { getT } from '@/lib/i18n/server';
import { getCurrentSession } from '@/lib/domains/access/server-session';
import { latestArticles } from '@/lib/domains/content/service';
import { listPath, readerPath } from './paths';
import styles from './content.module.css';

const ROWS = 6;
const NEW_DAYS = 7;

/** 本人可见的最新通知公告，近 NEW_DAYS 天发布的标 isNew */
async function loadNotices(user: SessionUser) {
  const cityId = user.level === 'province' ? undefined : user.cityId;
  const since = Date.now() - NEW_DAYS * 86_400_000;
  const rows = await latestArticles(await getDb(), 'notice', ROWS, cityId);
  return rows.map((n) => ({ ...n, isNew: Date.parse(`${n.publishTime.replace(' ', 'T')}+08:00`) >= since }));
}

export default async function WorkplaceNotices() {
  const [t, session] = await Promise.all([getT(), getCurrentSession()]);
  if (!session) return null;
  const notices = await loadNotices(session.user);
  return (
    <Card
      title={t('通知公告')}
      extra={
        <a href={listPath('notice')} target="_blank" rel="noopener noreferrer">
          {t('更多')}
        </a>
      }
      data-testid="workplace-notices"
      styles={{ body: { paddingTop: 8, paddingBottom: 8 } }}
    >
      {notices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无通知公告')} />
      ) : (
        <ul className={styles.sideList}>
          {notices.map((n) => (
            <li key={n.id}>
              <div className={styles.workplaceItem}>
                {n.top && <span className={`${styles.badge} ${styles.badgeTop}`}>{t('置顶')}</span>}
                {n.isNew && <span className={`${styles.badge} ${styles.badgeCategory}`}>{t('新')}</span>}
                <a href={readerPath(n.kind, n.id)} target="_blank" rel="noopener noreferrer" title={n.title}>
                  {n.title}
                </a>
              </div>
              <span className={styles.sideDate}>
                {n.publishTime.slice(0, 10)} · {t(n.scopeName)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
