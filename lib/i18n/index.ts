// 界面文字（消息目录）。zh-CN 为默认且完整；en-US 完整（tests/unit/i18n-catalogue.test.ts 保证）；
// zh-TW 由 zh-CN 经 opencc-js 转换生成（./generated/zh-TW.ts，npm run i18n:zh-tw），因此同样完整；
// pt-BR 没有译文，显示 en-US，门户框架顶部给出提示（PT_FALLBACK_NOTICE_KEY）。
//
// 每个模块一份消息文件 messages/<module>.ts，导出 Catalogue：
// - 'zh-CN' / 'en-US'：以稳定的键取的文字（如 'list.action.edit'），门户框架、列表框架、登录等用；
// - texts：以中文原文为键的文字（中文原文 → 英文），各界面的配置（列标题、筛选项、表单项、操作、确认语、
//   前端校验）与服务端的校验消息直接写中文原文，由列表框架或 t() 按原文查译文，查不到就显示原文。
//   占位写作 {name}，如 t('确定删除部门「{name}」吗？', { name })。
import { authMessages } from './messages/auth';
import { shellMessages } from './messages/shell';
import { listMessages } from './messages/list';
import { menuMessages } from './messages/menu';
import { validationMessages } from './messages/validation';
import { accountsMessages } from './messages/accounts';
import { orgMessages } from './messages/org';
import { accessMessages } from './messages/access';
import { opsMessages } from './messages/ops';
import { dictMessages } from './messages/dict';
import { portalMessages } from './messages/portal';
import { contentMessages } from './messages/content';
import { personnelMessages } from './messages/personnel';
import { catalogMessages } from './messages/catalog';
import { filingMessages } from './messages/filing';
import { homeMessages } from './messages/home';
import { errorsMessages } from './messages/errors';
import { uploadMessages } from './messages/upload';
import { courseMessages } from './messages/course';
import { exaPlanMessages } from './messages/exaPlan';
import { examSiteMessages } from './messages/examSite';
import { examAffairsMessages } from './messages/examAffairs';
import { supervisionMessages } from './messages/supervision';
import { examineeMessages } from './messages/examinee';
import { trainClassMessages } from './messages/trainClass';
import { subsidyMessages } from './messages/subsidy';
import { privacyMessages } from './messages/privacy';
import { scoreMessages } from './messages/score';
import { certificateMessages } from './messages/certificate';
import { dashboardMessages } from './messages/dashboard';
import { recordingMessages } from './messages/recording';
import { teacherMessages } from './messages/teacher';
import { institutionMessages } from './messages/institution';
import { questionBankMessages } from './messages/questionBank';
import { taskMessages } from './messages/task';
import { messageMessages } from './messages/message';
import { zhTW } from './generated/zh-TW';

export * from './locales';
import { EN_FALLBACK_LOCALES, type Locale, type Messages, type Translate, translate } from './locales';

export interface Catalogue {
  'zh-CN': Messages;
  'en-US'?: Messages;
  /** 中文原文 → 英文 */
  texts?: Messages;
  /** 服务端返回的消息：中文原文（带 {占位} 的是模板）→ 英文，调度器按请求语言翻译（./server-messages.ts） */
  errors?: Messages;
}

/** 全部模块的目录（顺序无关：键各有模块前缀，原文相同的译文应一致，测试检查冲突） */
export const CATALOGUES: Record<string, Catalogue> = {
  auth: authMessages,
  shell: shellMessages,
  list: listMessages,
  menu: menuMessages,
  validation: validationMessages,
  accounts: accountsMessages,
  org: orgMessages,
  access: accessMessages,
  ops: opsMessages,
  dict: dictMessages,
  portal: portalMessages,
  content: contentMessages,
  personnel: personnelMessages,
  catalog: catalogMessages,
  filing: filingMessages,
  home: homeMessages,
  errors: errorsMessages,
  upload: uploadMessages,
  course: courseMessages,
  exaPlan: exaPlanMessages,
  examSite: examSiteMessages,
  examAffairs: examAffairsMessages,
  supervision: supervisionMessages,
  examinee: examineeMessages,
  trainClass: trainClassMessages,
  subsidy: subsidyMessages,
  privacy: privacyMessages,
  score: scoreMessages,
  certificate: certificateMessages,
  dashboard: dashboardMessages,
  recording: recordingMessages,
  teacher: teacherMessages,
  institution: institutionMessages,
  questionBank: questionBankMessages,
  task: taskMessages,
  message: messageMessages,
};

/** 登录模块早先的原文键写作 'auth.zod.<原文>'，与 texts 同义 */
const LEGACY_TEXT_PREFIX = 'auth.zod.';

/** 某目录以原文为键的全部译文（texts、errors，加上旧式的 auth.zod.<原文>） */
export function textsOf(c: Catalogue): Messages {
  const out: Messages = { ...c.texts, ...c.errors };
  for (const [key, en] of Object.entries(c['en-US'] ?? {})) if (key.startsWith(LEGACY_TEXT_PREFIX)) out[key.slice(LEGACY_TEXT_PREFIX.length)] = en;
  return out;
}

/** zh-CN 的全部文字：稳定键的中文，加上以原文为键的原文本身（供生成 zh-TW 与测试） */
export function zhCNSource(): Messages {
  const out: Messages = {};
  for (const c of Object.values(CATALOGUES)) {
    Object.assign(out, c['zh-CN']);
    for (const text of Object.keys(textsOf(c))) out[text] = text;
  }
  return out;
}

const cache = new Map<Locale, Messages>();

function englishMessages(): Messages {
  const m: Messages = {};
  for (const c of Object.values(CATALOGUES)) Object.assign(m, c['zh-CN'], c['en-US'], textsOf(c));
  return m;
}

/**
 * 某语言的全部消息。zh-CN 只含稳定键（原文键查不到时 translate 本就返回原文）；
 * en-US 含稳定键与原文键；zh-TW 为 zh-CN 的繁体转换；pt-BR 同 en-US。
 */
export function getMessages(locale: Locale): Messages {
  const cached = cache.get(locale);
  if (cached) return cached;
  const zh: Messages = Object.assign({}, ...Object.values(CATALOGUES).map((c) => c['zh-CN']));
  let m: Messages;
  if (locale === 'en-US' || EN_FALLBACK_LOCALES.includes(locale)) m = englishMessages();
  else if (locale === 'zh-TW') m = { ...zh, ...zhTW };
  else m = zh;
  cache.set(locale, m);
  return m;
}

/** 某语言的 t()（服务端按请求的语言用；客户端用 useT()） */
export function translatorFor(locale: Locale): Translate {
  const messages = getMessages(locale);
  return (key, vars) => translate(messages, key, vars);
}
