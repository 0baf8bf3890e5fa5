import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  BankOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  SolutionOutlined,
  ToolOutlined,
  TrophyOutlined,
} from './icons';
import type { Translate } from '@/lib/i18n';
import { getT } from '@/lib/i18n/server';
import styles from './home.module.css';

interface Service {
  icon: ReactNode;
  color: string;
  background: string;
  title: string;
  text: string;
  tags: string[];
}

/** 四类评价业务（SPEC §3 计划类型 0–3）。 */
const ASSESSMENTS: Service[] = [
  {
    icon: <TrophyOutlined />,
    color: '#1890ff',
    background: '#e6f4ff',
    title: '职业技能等级认定',
    text: '用人单位和社会培训评价组织依据国家职业标准开展等级认定，覆盖机构备案、计划申报、考务组织与等级证书发放。',
    tags: ['机构备案', '等级证书', '国家库上报'],
  },
  {
    icon: <SafetyCertificateOutlined />,
    color: '#13a8a8',
    background: '#e6fffb',
    title: '职业资格',
    text: '职业资格鉴定的计划、考生、考场与考务安排，成绩审核公示后制发证书，证书信息可查询、可纠错。',
    tags: ['资格鉴定', '成绩公示', '证书查询'],
  },
  {
    icon: <ToolOutlined />,
    color: '#fa8c16',
    background: '#fff7e6',
    title: '专项能力考核',
    text: '面向特定岗位技能的专项职业能力考核，支持题库与试卷管理、考评员与督导员派遣、考场录像留档。',
    tags: ['题库试卷', '考评督导', '过程录像'],
  },
  {
    icon: <BankOutlined />,
    color: '#722ed1',
    background: '#f9f0ff',
    title: '机关工勤技能考核',
    text: '机关事业单位工勤技能岗位等级考核，统一组织报名审核、考试安排、成绩管理与证书打印。',
    tags: ['报名审核', '考试安排', '证书打印'],
  },
];

const TRAINING: Service[] = [
  {
    icon: <ReadOutlined />,
    color: '#1890ff',
    background: '#e6f4ff',
    title: '培训班管理',
    text: '开班申请、审核、发布与延期结班审批，线下与线上课程挂接，学员花名册与学时统计。',
    tags: ['开班审批', '课程安排', '学时统计'],
  },
  {
    icon: <SolutionOutlined />,
    color: '#52c41a',
    background: '#f6ffed',
    title: '课程与师资',
    text: '课程库章节、课件与精品课程，教师库与教师证书审核，专家库和学员库统一维护。',
    tags: ['课程库', '教师库', '证书审核'],
  },
  {
    icon: <AccountBookOutlined />,
    color: '#eb2f96',
    background: '#fff0f6',
    title: '补贴申领与审批',
    text: '培训补贴、生活交通补贴线上申领，多级审批与财务审核，台账可查询、可导出。',
    tags: ['多级审批', '财务审核', '补贴台账'],
  },
  {
    icon: <ShopOutlined />,
    color: '#fa541c',
    background: '#fff2e8',
    title: '机构与企业',
    text: '定点培训机构与企业入驻审核、信息变更和综合评价，资金账户与流程规则统一配置。',
    tags: ['入驻审核', '机构评价', '资金账户'],
  },
];

function ServiceGrid({ items, t }: { items: Service[]; t: Translate }) {
  return (
    <div className={styles.cardGrid4}>
      {items.map((s) => (
        <article key={s.title} className={styles.serviceCard}>
          <span className={styles.serviceIcon} style={{ color: s.color, background: s.background }}>
            {s.icon}
          </span>
          <h3 className={styles.serviceTitle}>{t(s.title)}</h3>
          <p className={styles.serviceText}>{t(s.text)}</p>
          <div className={styles.tagRow}>
            {s.tags.map((tag) => (
              <span key={tag} className={styles.tag}>
                {t(tag)}
              </span>
            ))}
          </div>
        </article>
      ))}
    </div>
  );
}

export async function AssessmentSection() {
  const t = await getT();
  return (
    <section id="assessment" className={`${styles.container} ${styles.section}`}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{t('评价业务')}</h2>
        <p className={styles.sectionDesc}>{t('四类评价业务统一计划、统一考务、统一证书')}</p>
      </div>
      <ServiceGrid items={ASSESSMENTS} t={t} />
    </section>
  );
}

export async function TrainingSection() {
  const t = await getT();
  return (
    <section id="training" className={`${styles.container} ${styles.section}`}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{t('培训与补贴管理')}</h2>
        <p className={styles.sectionDesc}>{t('从开班到补贴发放，全程线上留痕')}</p>
      </div>
      <ServiceGrid items={TRAINING} t={t} />
    </section>
  );
}

/** 考试计划流程节点（SPEC §3 计划步骤 0–9）。 */
const PLAN_STEPS: { title: string; group: string }[] = [
  { title: '制定计划', group: '计划' },
  { title: '实施计划', group: '计划' },
  { title: '导入考生', group: '考务' },
  { title: '编排考场', group: '考务' },
  { title: '考务安排', group: '考务' },
  { title: '成绩管理', group: '成绩' },
  { title: '成绩公示', group: '成绩' },
  { title: '证书管理', group: '证书' },
  { title: '国家库上报', group: '证书' },
  { title: '证书打印', group: '证书' },
];

export async function PlanFlowSection() {
  const t = await getT();
  return (
    <section id="flow" className={`${styles.container} ${styles.section}`}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{t('考试计划流程')}</h2>
        <p className={styles.sectionDesc}>{t('每个节点均有审核、回退与操作日志')}</p>
      </div>
      <ol className={styles.flow}>
        {PLAN_STEPS.map((s, i) => (
          <li key={s.title} className={styles.flowStep}>
            <span className={styles.flowNo}>{i + 1}</span>
            <span className={styles.flowTitle}>{t(s.title)}</span>
            <span className={styles.flowGroup}>{t(s.group)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
