// 培训班的钩子：别的领域（下游，如补贴的培训券）在学员进出班级、班级作废或删除时要一并做的事，由它们登记到这里，
// 培训班因此不引用它们（docs/DOMAINS.md“领域之间的依赖”）。处理函数拿到同一个事务：失败时整个办理回滚。
// 登记在模块加载时完成；lib/workflows.ts 引用登记的模块（如 subsidy/class-hooks.ts），端点表、种子与测试都引用它。
import type { Db } from '@/lib/platform/db/client';
import type { TrainClass } from './tables';

/** 处理函数的结果：一并放进答复与操作日志的数据（如退回的券号）与一句说明 */
export interface HookOutcome {
  data?: Record<string, unknown>;
  note?: string;
}

export interface ClassHookPayloads {
  /** 学员进班（新增一名，或改了证件号） */
  studentsAdded: { klass: TrainClass; students: readonly { studentId: number; idNumber: string }[] };
  /** 名单导入确认写入：全班学员 */
  rosterImported: { klass: TrainClass };
  /** 学员移出班级（或改了证件号，先按原来那人移出） */
  studentsRemoved: { classId: number; studentIds: readonly number[] };
  /** 班级作废生效或被删除（学员随班删除） */
  classDiscarded: { classIds: readonly number[]; reason: 'discarded' | 'deleted' };
}

export type ClassHookName = keyof ClassHookPayloads;
type Handler<K extends ClassHookName> = (tx: Db, payload: ClassHookPayloads[K]) => Promise<HookOutcome | void>;

const registry = new Map<ClassHookName, Map<string, Handler<ClassHookName>>>();

/** 登记一个处理函数；by 是登记方的名字（同名重复登记只保留一份，模块重复加载不会执行两次） */
export function onClassHook<K extends ClassHookName>(name: K, by: string, handler: Handler<K>): void {
  const handlers = registry.get(name) ?? new Map<string, Handler<ClassHookName>>();
  handlers.set(by, handler as Handler<ClassHookName>);
  registry.set(name, handlers);
}

/** 在调用方的事务里依次执行登记的处理函数，合并它们的结果 */
export async function runClassHook<K extends ClassHookName>(tx: Db, name: K, payload: ClassHookPayloads[K]): Promise<Required<HookOutcome>> {
  const out: Required<HookOutcome> = { data: {}, note: '' };
  const notes: string[] = [];
  for (const handler of registry.get(name)?.values() ?? []) {
    const r = await (handler as Handler<K>)(tx, payload);
    if (!r) continue;
    Object.assign(out.data, r.data ?? {});
    if (r.note) notes.push(r.note);
  }
  out.note = notes.join('；');
  return out;
}
