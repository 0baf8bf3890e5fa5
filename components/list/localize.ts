// 列表界面配置的多语言：各界面的配置直接写中文原文（列标题、筛选项、表单项、操作、确认语、成功提示、前端校验消息），
// 这里在渲染时按当前语言逐项换成译文（lib/i18n 的原文键，查不到即显示原文）。确认语等函数收到 t，可带占位：
// confirm: (row, t) => t('确定删除部门「{name}」吗？', { name: row.name })。
import type { Rule } from 'antd/es/form';
import { useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n';
import type { BatchAction, FieldSpec, FormSpec, ListColumn, ListScreenProps, Option, RowAction } from './types';

const tr = (t: Translate, v: unknown) => (typeof v === 'string' ? t(v) : v);

export function localizeOptions(t: Translate, options: readonly Option[] | undefined): readonly Option[] | undefined {
  return options?.map((o) => ({ ...o, label: t(o.label) }));
}

type RuleObject = Exclude<Rule, (...args: never[]) => unknown>;

/** 规则的 message 与校验函数抛出的消息（zodRule、sameAs 等）都换成译文 */
function localizeRuleObject(t: Translate, r: RuleObject): RuleObject {
  const out = typeof r.message === 'string' ? { ...r, message: t(r.message) } : { ...r };
  const validator = r.validator;
  if (validator) {
    out.validator = async (...args: Parameters<typeof validator>) => {
      try {
        await validator(...args);
      } catch (err) {
        throw err instanceof Error ? new Error(t(err.message)) : err;
      }
    };
  }
  return out;
}

function localizeRules(t: Translate, rules: Rule[] | undefined): Rule[] | undefined {
  return rules?.map((r) => (typeof r === 'function' ? (form: Parameters<typeof r>[0]) => localizeRuleObject(t, r(form)) : localizeRuleObject(t, r)));
}

export function localizeField(t: Translate, f: FieldSpec): FieldSpec {
  return {
    ...f,
    label: t(f.label),
    placeholder: f.placeholder === undefined ? undefined : t(f.placeholder),
    help: tr(t, f.help) as FieldSpec['help'],
    options: localizeOptions(t, f.options),
    rules: localizeRules(t, f.rules),
  };
}

export function localizeForm<T>(t: Translate, spec: FormSpec<T>): FormSpec<T> {
  return {
    ...spec,
    title: t(spec.title),
    fields: spec.fields.map((f) => localizeField(t, f)),
    successMessage: spec.successMessage === undefined ? undefined : t(spec.successMessage),
  };
}

function localizeConfirm<A>(t: Translate, c: string | ((arg: A, t: Translate) => string) | undefined): string | ((arg: A) => string) | undefined {
  if (c === undefined) return undefined;
  return typeof c === 'function' ? (arg: A) => t(c(arg, t)) : t(c);
}

function localizeRowAction<T>(t: Translate, a: RowAction<T>): RowAction<T> {
  return {
    ...a,
    label: t(a.label),
    confirm: localizeConfirm(t, a.confirm),
    form: a.form && localizeForm(t, a.form),
    call: a.call && { ...a.call, successMessage: a.call.successMessage === undefined ? undefined : t(a.call.successMessage) },
  };
}

function localizeBatchAction<T>(t: Translate, a: BatchAction<T>): BatchAction<T> {
  return {
    ...a,
    label: t(a.label),
    confirm: localizeConfirm(t, a.confirm),
    call: a.call && { ...a.call, successMessage: a.call.successMessage === undefined ? undefined : t(a.call.successMessage) },
  };
}

function localizeColumn<T>(t: Translate, c: ListColumn<T>): ListColumn<T> {
  const { translate, ...column } = c;
  // 服务端给的中文名称（等级、类型、状态）：按原文查译文，查不到显示原文
  const render = translate && !c.render ? (v: unknown) => (typeof v === 'string' ? t(v) : (v as string)) : c.render;
  return { ...column, title: tr(t, c.title) as ListColumn<T>['title'], options: localizeOptions(t, c.options), render };
}

/** 整份列表配置的译文（ListScreen 渲染前调用） */
export function localizeListProps<T extends object>(t: Translate, p: ListScreenProps<T>): ListScreenProps<T> {
  const remove = p.remove && { ...p.remove, confirm: p.remove.confirm && ((row: T) => t(p.remove!.confirm!(row, t))) };
  return {
    ...p,
    title: t(p.title),
    filters: p.filters?.map((f) => localizeField(t, f)),
    columns: p.columns.map((c) => localizeColumn(t, c)),
    create: p.create && localizeForm(t, p.create),
    edit: p.edit && localizeForm(t, p.edit),
    remove,
    detail: p.detail && { ...p.detail, title: t(p.detail.title), fields: p.detail.fields.map((f) => ({ ...f, label: t(f.label) })) },
    importer: p.importer && { ...p.importer, title: p.importer.title === undefined ? undefined : t(p.importer.title) },
    rowActions: p.rowActions?.map((a) => localizeRowAction(t, a)),
    batchActions: p.batchActions?.map((a) => localizeBatchAction(t, a)),
    emptyText: p.emptyText === undefined ? undefined : t(p.emptyText),
  };
}

/** 当前语言下的列表配置（配置对象本就每次渲染新建，查表很便宜，不缓存） */
export function useLocalizedListProps<T extends object>(props: ListScreenProps<T>): ListScreenProps<T> {
  const t = useT();
  return localizeListProps(t, props);
}
