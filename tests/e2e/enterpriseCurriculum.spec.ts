// 企业开班（issue 27）：企业（enterprise，恒瑞机械）在“开班申请”里对自己的班点“课程体系”——到达课程体系页面
// （不是 403），排一节线下课；录一名学员后回到开班申请提交审核，班级变为待审核。
// 班级经接口新建（开班表单另有 trainClass.spec.ts 走过）；日期取几百天后的随机一天，授课教师随机，重复运行不与上次的课冲突。
import { idCheckChar } from '@/lib/platform/identity/id-number';
import { beijingDate } from '@/lib/platform/time';
import { DEMO_PASSWORD, chooseOption, clickRowAction, confirmDialog, expect, loginAs, rowOf, test, typeDate, type Page } from './helpers';

const SUFFIX = Date.now().toString(36);
const CLASS_NAME = `企业电工培训班${SUFFIX}`;
const DATE = beijingDate(new Date(), 200 + Math.floor(Math.random() * 600));
const PLACE = `恒瑞培训室 ${SUFFIX}`;

async function api<T>(page: Page, apiPath: string, data: Record<string, unknown>, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const res = method === 'GET' ? await page.request.get(`/api${apiPath}`, { params: data as Record<string, string> }) : await page.request.post(`/api${apiPath}`, { data });
  const body = (await res.json()) as { returnCode: number; returnMsg: string; data: T };
  expect(body.returnCode, `${apiPath}：${body.returnMsg}`).toBe(200);
  return body.data;
}

test('企业从开班申请进入课程体系排课，并提交班级审核', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'enterprise', DEMO_PASSWORD);
  const teachers = await api<{ id: number; name: string }[]>(page, '/class/selectTeacherList', {}, 'GET');
  expect(teachers.length, '企业有可排课的教师').toBeGreaterThan(0);
  const teacher = teachers[Math.floor(Math.random() * teachers.length)];
  const created = await api<{ id: number; code: string }>(page, '/trainInfo/saveTrainInfo', {
    name: CLASS_NAME,
    workCode: '6-31-01-03',
    level: 4,
    trainType: '1',
    startDate: DATE,
    endDate: DATE,
    hours: 1,
    place: PLACE,
    capacity: 20,
    contactName: '周海涛',
    contactPhone: '13831100006',
  });

  // 开班申请 › 课程体系：到达课程体系页面（此前是 403）
  await page.goto(`/train/class/apply?code=${created.code}`);
  const row = rowOf(page.getByTestId('class-list'), created.code);
  await expect(row).toContainText('草稿');
  await clickRowAction(page, row, 'curriculum');
  await expect(page).toHaveURL(/\/train\/course\/curriculum/);
  await expect(page.getByTestId('curriculum-screen')).toContainText(created.code);

  // 排一节线下课
  const lessons = page.getByTestId('lesson-list');
  await lessons.getByTestId('list-create').click();
  const form = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').filter({ has: page.getByTestId('form-dialog') });
  await form.getByLabel('课程名称').fill('企业安全生产');
  await typeDate(form.getByLabel('上课日期'), DATE);
  await form.getByLabel('开始时刻').fill('21:00');
  await form.getByLabel('结束时刻').fill('21:45');
  await form.getByLabel('上课地点').fill(PLACE);
  await form.getByLabel('学时').fill('1');
  await chooseOption(page, form.getByLabel('授课教师'), teacher.name, teacher.name);
  await form.getByTestId('form-dialog-ok').click();
  await expect(form).toBeHidden();
  await expect(rowOf(lessons, '企业安全生产')).toContainText(`${DATE} 21:00–21:45`);
  await page.screenshot({ path: 'test-results/enterprise-curriculum.png' });

  // 一名学员（证件号随机）
  const body = `130102${1970 + Math.floor(Math.random() * 30)}0${1 + Math.floor(Math.random() * 9)}1${Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  await api(page, '/student/save', { classId: created.id, name: '企业学员', idNumber: body + idCheckChar(body), mobile: `1390311${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`, education: '高中' });

  // 回到开班申请提交审核
  await page.goto(`/train/class/apply?code=${created.code}`);
  const again = rowOf(page.getByTestId('class-list'), created.code);
  await expect(again).toContainText('草稿');
  await clickRowAction(page, again, 'submit');
  await confirmDialog(page, created.code);
  await expect(again).toContainText('待审核');
});
