// 培训券随学员与班级变化（docs/SUBSIDIES.md）：登记到培训班的钩子（trainClass/hooks.ts），培训班因此不引用补贴。
// 进班即核销本人可用的券，移出、班级作废或删除时退回；都在培训班办理的同一事务里。
import { onClassHook } from '../trainClass/hooks';
import { redeemForClass, redeemForRoster, releaseForClasses, releaseForStudents } from './coupons';

const BY = 'subsidy.coupons';

onClassHook('studentsAdded', BY, async (tx, { klass, students }) => {
  await redeemForClass(tx, klass, [...students]);
});

onClassHook('rosterImported', BY, async (tx, { klass }) => {
  await redeemForRoster(tx, klass);
});

onClassHook('studentsRemoved', BY, async (tx, { classId, studentIds }) => {
  await releaseForStudents(tx, classId, [...studentIds]);
});

onClassHook('classDiscarded', BY, async (tx, { classIds }) => {
  const codes = await releaseForClasses(tx, [...classIds]);
  return codes.length ? { data: { couponsReleased: codes }, note: `退回培训券 ${codes.join('、')}` } : undefined;
});
