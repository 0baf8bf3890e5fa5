// 跨领域的条件：声明处只写条件的名字与说明，由拥有数据的领域登记实现（考试计划“考生已导入”由考生域实现），
// 声明的领域因此不引用实现它的领域。登记在模块加载时完成；lib/workflows.ts 汇总引用这些模块。
import type { GateCheck } from './types';

const registry = new Map<string, GateCheck<unknown>>();

export function registerGate<S>(workflow: string, gate: string, check: GateCheck<S>): void {
  const key = `${workflow}.${gate}`;
  if (registry.has(key) && registry.get(key) !== check) throw new Error(`条件 ${key} 已由别处登记`);
  registry.set(key, check as GateCheck<unknown>);
}

export function gateOf<S>(workflow: string, gate: string): GateCheck<S> | undefined {
  return registry.get(`${workflow}.${gate}`) as GateCheck<S> | undefined;
}

/** 已登记的条件（测试核对每个声明的条件都有实现） */
export const registeredGates = (): string[] => [...registry.keys()];
