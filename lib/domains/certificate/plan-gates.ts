// 考试计划离开第 7 步（证书管理）与第 8 步（国网数据上报）的条件，以及进入第 7 步时给合格考生发证，
// 由证书域实现并登记到计划的状态机与钩子（exaPlan 不引用本域）。
import { registerPlanGate } from '../exaPlan/gates';
import { onPlanEnterStep } from '../exaPlan/hooks';
import { PLAN_STEP } from '../exaPlan/transitions';
import { certificatesPrinted, certificatesReady, stateGridAccepted } from './gates';
import { issueCertificates } from './issue';

registerPlanGate('certificatesReady', certificatesReady);
registerPlanGate('stateGridAccepted', stateGridAccepted);
registerPlanGate('certificatesPrinted', certificatesPrinted);
// 同一事务，编号见 certificate/rules.ts
onPlanEnterStep(PLAN_STEP.CERTIFICATES, (tx, plan, now) => issueCertificates(tx, plan, now));
