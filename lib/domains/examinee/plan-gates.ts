// 考试计划离开第 2 步（导入考生）的条件，由考生域实现并登记到计划的状态机（exaPlan 不引用本域）。
import { registerPlanGate } from '../exaPlan/gates';
import { examineesReady } from './gates';

registerPlanGate('examineesReady', examineesReady);
