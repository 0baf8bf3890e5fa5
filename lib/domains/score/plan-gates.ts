// 考试计划离开第 5 步（成绩管理）与第 6 步（成绩公示）的条件，由成绩域实现并登记到计划的状态机（exaPlan 不引用本域）。
import { registerPlanGate } from '../exaPlan/gates';
import { publicityEnded, scoresReady } from './gates';

registerPlanGate('scoresReady', scoresReady);
registerPlanGate('publicityEnded', publicityEnded);
