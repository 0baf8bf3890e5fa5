import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  EyeOutlined,
  IdcardOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
} from './icons';
import Link from 'next/link';
import { getT } from '@/lib/i18n/server';
import { LOGIN_PATH, type HomeViewer } from './viewer';
import styles from './home.module.css';

const FACTS = [
  { value: '4', unit: '类', label: '评价业务' },
  { value: '10', unit: '个', label: '考试计划流程节点' },
  { value: '11', unit: '个', label: '设区市全覆盖' },
];

const ROLES = [
  { icon: <BankOutlined />, label: '省、市管理部门' },
  { icon: <AuditOutlined />, label: '评价机构' },
  { icon: <ApartmentOutlined />, label: '培训机构' },
  { icon: <ShopOutlined />, label: '企业与用人单位' },
  { icon: <SolutionOutlined />, label: '教师' },
  { icon: <EyeOutlined />, label: '督导员' },
  { icon: <IdcardOutlined />, label: '考评员' },
  { icon: <TeamOutlined />, label: '考生与学员' },
];

/** 首屏介绍（一段原文，整段翻译） */
const HERO_TEXT =
  '统一承载职业技能等级认定、职业资格、专项能力考核和机关工勤技能考核四类评价业务，贯通考试计划、考生与考场、考务、成绩与证书、国家库数据上报全流程，并对培训班、课程、师资、学员花名册和培训补贴实行线上申报、审核与监管。';

export default async function HomeHero({ viewer }: { viewer: HomeViewer | null }) {
  const t = await getT();
  return (
    <section className={styles.hero}>
      <div className={`${styles.container} ${styles.heroInner}`}>
        <div className={styles.heroMain}>
          <span className={styles.heroBadge}>{t('鉴定 · 认证 · 培训 · 补贴 一体化管理')}</span>
          <h1 className={styles.heroTitle}>{t('河北省职业技能鉴定与培训管理平台')}</h1>
          <p className={styles.heroText}>{t(HERO_TEXT)}</p>
          <div className={styles.heroActions}>
            <Link className={styles.heroPrimary} href={viewer ? viewer.portalHref : LOGIN_PATH} data-testid="hero-enter">
              {t(viewer ? '进入系统' : '登录系统')}
            </Link>
            <a className={styles.heroSecondary} href="#assessment">
              {t('了解业务')}
            </a>
          </div>
          <div className={styles.heroFacts}>
            {FACTS.map((f) => (
              <div key={f.label} className={styles.fact}>
                <span className={styles.factValue}>
                  {f.value}
                  <span className={styles.factUnit}>{t(f.unit)}</span>
                </span>
                <span className={styles.factLabel}>{t(f.label)}</span>
              </div>
            ))}
          </div>
        </div>
        <aside className={styles.heroPanel}>
          <h2 className={styles.heroPanelTitle}>{t('服务对象')}</h2>
          <ul className={styles.roleList}>
            {ROLES.map((r) => (
              <li key={r.label} className={styles.roleItem}>
                <span className={styles.roleIcon}>{r.icon}</span>
                {t(r.label)}
              </li>
            ))}
          </ul>
          <p className={styles.heroPanelNote}>{t('登录后按账号权限生成业务菜单，各地市、各机构只能查看和办理本单位的数据。')}</p>
        </aside>
      </div>
    </section>
  );
}
