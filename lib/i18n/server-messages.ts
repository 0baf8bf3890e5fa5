// 服务端返回的消息按请求语言翻译：调度器把错误答复的 returnMsg、data.fields 的各项与导入明细（data.errors 的
// message、column）交给这里，抛出处仍写中文。zh-CN 原样返回（不做任何事）。其他语言：
//   1. 整句查目录（各模块 texts / errors 的原文键，菜单标题）；
//   2. 查不到再按模板匹配：各目录 errors 中带 {占位} 的原文，每种语言编译一次成正则（占位 → 非贪婪捕获），
//      字面文字多（更具体）的先试；相邻的两个占位逐个试切分点，取能翻译的取值最多的切法；
//   3. 占位取到的值若本身在目录里（状态名、类别、层级、动作，或又是一条模板）也翻译；名为 verb… 的占位先查
//      errors.verb.<原文>（动词形式）；以“；”“、”连接的列表逐项翻译；
//   4. 查不到的部分（用户输入的名称、编号等）原样保留。
// 英文里，占位前是空格（句中）时，译出的取值首字母小写（“cannot {verb}” → cannot submit），引号内与句首不变。
import { CATALOGUES, DEFAULT_LOCALE, EN_FALLBACK_LOCALES, getMessages, type Locale, type Messages } from './index';

const HAN = /[\u3400-\u9fff]/;
const PLACEHOLDER = /\{(\w+)\}/g;
/** 取值里再套模板的最大层数 */
const MAX_DEPTH = 4;
/** 相邻占位逐个试切分点时，合起来的取值最长多少字（再长按非贪婪的结果） */
const MAX_SPLIT_LENGTH = 200;
const VERB_PREFIX = 'errors.verb.';

interface Template {
  names: string[];
  regex: RegExp;
  target: string;
  /** 字面文字的字数：多的（更具体）先试 */
  weight: number;
  /** 字面文字含汉字：不含的（如「{column}」）只用于翻译占位的取值，不用于整句 */
  hasHan: boolean;
  /** 相邻（中间没有字面文字）的两个占位：前一个的下标 */
  adjacent: number[];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(source: string, target: string): Template {
  const parts = source.split(/\{(\w+)\}/);
  const literals = parts.filter((_, i) => i % 2 === 0);
  const names = parts.filter((_, i) => i % 2 === 1);
  const adjacent: number[] = [];
  for (let i = 1; i < literals.length - 1; i++) if (literals[i] === '') adjacent.push(i - 1);
  return {
    names,
    regex: new RegExp(`^${literals.map(escapeRegex).join('([\\s\\S]*?)')}$`),
    target,
    weight: literals.join('').length,
    hasHan: HAN.test(literals.join('')),
    adjacent,
  };
}

export type ServerMessageTranslator = (message: string) => string;

const translators = new Map<Locale, ServerMessageTranslator>();

function buildTranslator(locale: Locale): ServerMessageTranslator {
  const messages: Messages = getMessages(locale);
  const english = locale === 'en-US' || EN_FALLBACK_LOCALES.includes(locale);
  // 菜单标题（资源名）按 key 有译文：中文标题 → 该语言的标题
  const zh = getMessages(DEFAULT_LOCALE);
  const menuTitles = new Map<string, string>();
  for (const [key, title] of Object.entries(zh)) if (key.startsWith('menu.') && !menuTitles.has(title) && messages[key]) menuTitles.set(title, messages[key]);

  const templates: Template[] = [];
  for (const c of Object.values(CATALOGUES)) {
    for (const source of Object.keys(c.errors ?? {})) if (source.includes('{')) templates.push(compile(source, messages[source] ?? source));
  }
  templates.sort((a, b) => b.weight - a.weight);

  const exact = (text: string): string | undefined => messages[text] ?? menuTitles.get(text);

  const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

  /** 一段文字的译文；lower：英文句中，译出的词首字母小写（列表逐项） */
  function text(value: string, depth: number, lower = false): string {
    if (!value || !HAN.test(value)) return value;
    const found = exact(value);
    if (found !== undefined) return lower ? lowerFirst(found) : found;
    if (depth > MAX_DEPTH) return value;
    // 取值是“；”连接的几句（每句可能又是模板）：先逐句，再整体套模板，最后按“、”逐项
    if (depth > 0) {
      const listed = list(value, '；', depth, lower);
      if (listed !== undefined) return listed;
    }
    for (const t of templates) {
      if (depth === 0 && !t.hasHan) continue;
      const m = t.regex.exec(value);
      if (m) {
        const out = fill(t, split(t, m.slice(1), depth), depth);
        return lower ? lowerFirst(out) : out;
      }
    }
    return (depth > 0 && list(value, '、', depth, lower)) || value;
  }

  /** 以 sep 连接的列表逐项翻译；没有一项译得出时返回 undefined */
  function list(value: string, sep: string, depth: number, lower: boolean): string | undefined {
    if (!value.includes(sep)) return undefined;
    const items = value.split(sep);
    const out = items.map((item) => text(item, depth + 1, lower));
    if (out.every((o, i) => o === items[i])) return undefined;
    return out.join(english ? (sep === '；' ? '; ' : ', ') : sep);
  }

  function placeholderValue(name: string, value: string, depth: number, lower = false): string {
    if (name.startsWith('verb')) {
      const verb = messages[VERB_PREFIX + value];
      if (verb !== undefined) return verb;
    }
    return text(value, depth + 1, lower);
  }

  /** 相邻的两个占位：非贪婪的捕获只给前一个留空串，逐个试切分点，取译得出的取值多的（同样多时前一个取长的） */
  function split(t: Template, values: string[], depth: number): string[] {
    const out = [...values];
    for (const i of t.adjacent) {
      const joined = out[i] + out[i + 1];
      if (joined.length > MAX_SPLIT_LENGTH) continue;
      let best = -1;
      for (let at = joined.length; at >= 0; at--) {
        const a = joined.slice(0, at);
        const b = joined.slice(at);
        const score = Number(a !== '' && placeholderValue(t.names[i], a, depth) !== a) + Number(b !== '' && placeholderValue(t.names[i + 1], b, depth) !== b);
        if (score > best) {
          best = score;
          out[i] = a;
          out[i + 1] = b;
        }
      }
    }
    return out;
  }

  function fill(t: Template, values: string[], depth: number): string {
    return t.target.replace(PLACEHOLDER, (whole, name: string, offset: number, target: string) => {
      const index = t.names.indexOf(name);
      if (index < 0) return whole;
      // 句中（前面是“词 + 空格”）译出的词首字母小写；句首、冒号后、引号与括号里的不变，缩写（IP、OIDC）不变
      const midSentence = english && target[offset - 1] === ' ' && /[A-Za-z}]/.test(target[offset - 2] ?? '');
      return placeholderValue(name, values[index] ?? '', depth, midSentence);
    });
  }

  return (message) => text(message, 0);
}

/** 某语言的服务端消息翻译（每种语言编译一次）；zh-CN 原样返回 */
export function serverMessageTranslator(locale: Locale): ServerMessageTranslator {
  if (locale === DEFAULT_LOCALE) return (m) => m;
  let tr = translators.get(locale);
  if (!tr) {
    tr = buildTranslator(locale);
    translators.set(locale, tr);
  }
  return tr;
}

export function localizeServerMessage(message: string, locale: Locale): string {
  return serverMessageTranslator(locale)(message);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * 错误答复的消息与数据：returnMsg、data.fields 的各项、data.errors（导入明细）的 message 与 column。
 * 其他数据原样；不改动传入的对象。
 */
export function localizeErrorReply(message: string, data: unknown, locale: Locale): { message: string; data: unknown } {
  if (locale === DEFAULT_LOCALE) return { message, data };
  const tr = serverMessageTranslator(locale);
  if (!isRecord(data)) return { message: tr(message), data };
  const out: Record<string, unknown> = { ...data };
  if (isRecord(data.fields)) out.fields = Object.fromEntries(Object.entries(data.fields).map(([k, v]) => [k, typeof v === 'string' ? tr(v) : v]));
  if (Array.isArray(data.errors)) {
    out.errors = data.errors.map((e: unknown) =>
      isRecord(e) ? { ...e, ...(typeof e.message === 'string' && { message: tr(e.message) }), ...(typeof e.column === 'string' && { column: tr(e.column) }) } : e,
    );
  }
  return { message: tr(message), data: out };
}
