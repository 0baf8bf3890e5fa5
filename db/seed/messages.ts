// 演示站内消息：每个账号若干条（有已读有未读）；省级管理员 120 条未读，铃铛显示 99+。
import type { MessageKind } from '@/lib/domains/message/schemas';

export interface DemoMessage {
  title: string;
  content: string;
  kind: MessageKind;
  link: string | null;
  read: boolean;
}

const m = (title: string, content: string, kind: MessageKind, link: string | null, read = false): DemoMessage => ({ title, content, kind, link, read });

const WELCOME = m('欢迎使用河北省职业技能鉴定与培训管理平台', '首次登录请在“个人设置”中核对手机号与邮箱，并定期修改密码。', 'system', '/account/settings/basic', true);

const BY_ACCOUNT: Record<string, DemoMessage[]> = {
  sjz_admin: [
    WELCOME,
    m('备案待审核：河北华元职业技能评价有限公司', '该机构提交了技能等级认定备案（电工、焊工），请在 5 个工作日内完成审核。', 'audit', '/evaluation/filing/audit'),
    m('开班申请待审批：明德职业培训学校 2026 年第 3 期', '中式烹调师（四级）培训班，计划招收 45 人，开班日期 2026-04-08。', 'audit', '/train/class/approve'),
    m('补贴申请待审批：2026 年 1 月批次', '本市 3 家培训机构提交了职业技能培训补贴申请，共 126 人。', 'audit', '/subsidy/train/approve'),
    m('关于做好 2026 年度职业技能等级认定工作的通知', '请各市于 3 月底前报送年度评价计划。', 'notice', '/evaluation/plan/official', true),
  ],
  bd_admin: [
    WELCOME,
    m('备案待审核：保定燕赵职业技能评价中心有限公司', '该机构提交了专项能力备案（无人机驾驶），请及时审核。', 'audit', '/evaluation/filing/audit'),
    m('开班申请待审批：鸿业职业培训学校 2026 年第 1 期', '电子商务师（四级）培训班，计划招收 40 人。', 'audit', '/train/class/approve'),
    m('关于做好 2026 年度职业技能等级认定工作的通知', '请各市于 3 月底前报送年度评价计划。', 'notice', '/evaluation/plan/official', true),
  ],
  eval_org: [
    WELCOME,
    m('备案审核通过：技能等级认定（电工）', '您提交的电工（三级/四级/五级）技能等级认定备案已审核通过。', 'audit', '/evaluation/filing/skill', true),
    m('考试计划待提交：2026 年第一季度电工认定', '计划已保存为草稿，请补充考点与考评员后提交审核。', 'system', '/evaluation/plan/skill'),
    m('成绩公示即将到期', '2026 年 2 月焊工认定成绩公示将于 3 日后结束，请按时提交证书申请。', 'notice', '/evaluation/exam/publicity'),
  ],
  train_org: [
    WELCOME,
    m('开班申请已通过：2026 年第 2 期电工（五级）培训班', '请按计划组织开班，并在开班后 3 个工作日内上传学员花名册。', 'audit', '/train/class/apply', true),
    m('开班申请被退回：2026 年第 3 期中式烹调师培训班', '退回原因：授课教师资质证明不完整，请补充后重新提交。', 'audit', '/train/class/apply'),
    m('补贴申请材料待补充', '2026 年 1 月批次补贴申请中有 2 名学员身份证照片不清晰。', 'audit', '/subsidy/train/apply'),
  ],
  enterprise: [
    WELCOME,
    m('企业入驻审核通过', '贵企业已完成平台入驻，可发起企业职工培训开班申请。', 'audit', '/org/company/settle-in', true),
    m('企业职工培训补贴政策解读', '以工代训与企业新型学徒制补贴标准已更新，详见政策法规栏目。', 'notice', '/content/policy'),
  ],
  teacher: [
    WELCOME,
    m('师资信息审核通过', '您的师资信息与职业资格证书已审核通过。', 'audit', '/train/teacher/list', true),
    m('排课提醒：2026 年第 2 期电工（五级）培训班', '您有 3 节理论课安排在下周，请提前上传课件。', 'system', '/train/class/calendar'),
  ],
  supervisor: [
    WELCOME,
    m('督导任务：华元评价 2026 年 3 月电工认定', '考试时间 2026-03-21 09:00，考点：石家庄市长安区建设北大街 168 号。', 'system', '/evaluation/personnel/supervision'),
    m('督导意见待填写', '2026 年 2 月焊工认定的督导意见尚未提交。', 'audit', '/evaluation/personnel/opinion'),
  ],
  assessor: [
    WELCOME,
    m('考务分派：2026 年 3 月电工认定第 2 考场', '请于考试前 30 分钟到达考点签到。', 'system', '/evaluation/exam/affairs'),
    m('成绩录入提醒', '2026 年 2 月焊工认定实操成绩尚未录入完毕。', 'audit', '/evaluation/exam/score', true),
  ],
  weak_user: [WELCOME, m('请尽快修改密码', '您的密码强度较弱，为保障账号安全，请修改为 6 到 18 位数字、字母、特殊符号的组合。', 'system', '/account/settings/security')],
};

const CITIES = ['石家庄', '唐山', '秦皇岛', '邯郸', '邢台', '保定', '张家口', '承德', '沧州', '廊坊', '衡水'];
const JOBS = ['电工', '焊工', '中式烹调师', '育婴员', '养老护理员', '电子商务师', '钳工', '美发师', '保健按摩师', '汽车维修工'];
const ADMIN_TEMPLATES: ((i: number) => DemoMessage)[] = [
  (i) => m(`备案待审核：${CITIES[i % 11]}市评价机构第 ${i + 1} 号申请`, `技能等级认定备案（${JOBS[i % 10]}），请及时审核。`, 'audit', '/evaluation/filing/audit'),
  (i) => m(`考试计划待审核：${CITIES[i % 11]}市 ${JOBS[i % 10]}认定`, `计划编号 JH2026${String(i + 1).padStart(4, '0')}，已由市级初审通过。`, 'audit', '/evaluation/plan/audit'),
  (i) => m(`补贴二级审批：${CITIES[i % 11]}市 2026 年第 ${(i % 4) + 1} 批`, `涉及 ${20 + (i % 30)} 名学员的职业技能培训补贴。`, 'audit', '/subsidy/train/review'),
  (i) => m(`开班备案：${CITIES[i % 11]}市 ${JOBS[i % 10]}培训班`, `已由市级审批通过，报省级备案。`, 'notice', '/train/class/approve'),
];

/** 某账号的演示消息（最新在前） */
export function demoMessagesFor(account: string): DemoMessage[] {
  if (account === 'admin') {
    const unread = Array.from({ length: 120 }, (_, i) => ADMIN_TEMPLATES[i % ADMIN_TEMPLATES.length](i));
    return [...unread, m('国网数据上报已完成', '2026 年 1 月证书数据已上报。', 'system', '/evaluation/certificate/state-grid', true), WELCOME];
  }
  return BY_ACCOUNT[account] ?? [WELCOME];
}
