// 考试计划离开第 4 步（考务安排）的条件，由考务域实现并登记到计划的状态机（exaPlan 不引用本域）。
import { registerPlanGate } from '../exaPlan/gates';
import { affairsReady } from './gates';

registerPlanGate('affairsReady', affairsReady);
