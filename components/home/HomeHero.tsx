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

export default function HomeHero() {
  return (
    <section className={styles.hero}>
      <div className={`${styles.container} ${styles.heroInner}`}>
        <div className={styles.heroMain}>
          <span className={styles.heroBadge}>鉴定 · 认证 · 培训 · 补贴 一体化管理</span>
          <h1 className={styles.heroTitle}>河北省职业技能鉴定与培训管理平台</h1>
          <p className={styles.heroText}>
            {'统一承载职业技能等级认定、职业资格、专项能力考核和机关工勤技能考核四类评价业务，' +
              '贯通考试计划、考生与考场、考务、成绩与证书、国家库数据上报全流程，' +
              '并对培训班、课程、师资、学员花名册和培训补贴实行线上申报、审核与监管。'}
          </p>
          <div className={styles.heroFacts}>
            {FACTS.map((f) => (
              <div key={f.label} className={styles.fact}>
                <span className={styles.factValue}>
                  {f.value}
                  <span className={styles.factUnit}>{f.unit}</span>
                </span>
                <span className={styles.factLabel}>{f.label}</span>
              </div>
            ))}
          </div>
        </div>
        <aside className={styles.heroPanel}>
          <h2 className={styles.heroPanelTitle}>服务对象</h2>
          <ul className={styles.roleList}>
            {ROLES.map((r) => (
              <li key={r.label} className={styles.roleItem}>
                <span className={styles.roleIcon}>{r.icon}</span>
                {r.label}
              </li>
            ))}
          </ul>
          <p className={styles.heroPanelNote}>登录后按账号权限生成业务菜单，各地市、各机构只能查看和办理本单位的数据。</p>
        </aside>
      </div>
    </section>
  );
}
