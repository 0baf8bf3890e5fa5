// 考试计划离开第 3 步（编排考场）的条件，由考点考场域实现并登记到计划的状态机（exaPlan 不引用本域）。
import { registerPlanGate } from '../exaPlan/gates';
import { roomsReady } from './gates';

registerPlanGate('roomsReady', roomsReady);
