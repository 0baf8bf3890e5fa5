// 培训班（issue 26）：管理员新建培训班时先选开班机构，班主任与授课教师列出该机构的教师；
// 培训机构在学员库里勾选多名学员批量登记出勤与结业、导入出勤工作簿（先预览再确认）；课还没上完时点“结业提交”，界面显示服务端的拒绝。
import ExcelJS from 'exceljs';
import { idCheckChar } from '@/lib/platform/identity/id-number';
import { beijingDate } from '@/lib/platform/time';
import { api, ADMIN, DEMO_PASSWORD, apiLogin, chooseOption, clickRowAction, confirmDialog, expect, expectMessage, loginAs, rowOf, test, typeDate, modalWith } from './helpers';

const SHOTS = 'test-results';
const SUFFIX = Date.now().toString(36);


function idNumber(i: number): string {
  const birth = `19${70 + Math.floor(Math.random() * 30)}0${1 + i}1${Math.floor(Math.random() * 9)}`;
  const body = `130102${birth}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return body + idCheckChar(body);
}

test('管理员新建培训班：先选开班机构，班主任与授课教师列出该机构的教师', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, ADMIN.account, ADMIN.password);
  const orgs = await api<{ id: number; name: string }[]>(page, 'GET', '/trainInfo/classOrgs');
  const org = orgs.find((o) => o.name.includes('明德'))!;
  const teachers = await api<{ id: number; name: string }[]>(page, 'GET', '/class/selectTeacherList', { orgId: String(org.id) });
  expect(teachers.length).toBeGreaterThan(0);
  const name = `管理员代开班${SUFFIX}`;
  const date = beijingDate(new Date(), 300 + Math.floor(Math.random() * 400));

  await page.goto('/train/class/apply');
  const list = page.getByTestId('class-list');
  await list.getByTestId('list-create').click();
  const form = modalWith(page, page.getByTestId('form-dialog'));
  // 没选机构时教师选不了
  await expect(form.getByTestId('class-head-teacher')).toHaveClass(/ant-select-disabled/);
  await expect(form.getByTestId('class-head-teacher')).toContainText('请先选择开班机构');
  await chooseOption(page, form.getByLabel('开班机构'), org.name, org.name);
  await form.getByLabel('班级名称').fill(name);
  await form.getByTestId('work-picker-open').click();
  const picker = modalWith(page, page.getByTestId('work-picker-search'));
  await picker.getByTestId('work-picker-search').locator('input').fill('电工');
  await picker.getByTestId('work-picker-search').locator('input').press('Enter');
  await picker.getByTestId('work-pick-6-31-01-03').click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await chooseOption(page, form.getByTestId('class-work').getByRole('combobox'), '四级/中级工');
  await chooseOption(page, form.getByLabel('培训类型'), '就业技能培训');
  const dates = form.locator('.ant-picker-range input');
  await typeDate(dates.nth(0), date);
  await typeDate(dates.nth(1), date);
  await form.getByLabel('班级学时').fill('1');
  await form.getByLabel('计划招收人数').fill('30');
  await form.getByLabel('培训地点').fill(`明德实训楼 ${SUFFIX}`);
  // 班主任的选项是该机构的教师
  await form.getByLabel('班主任').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
  await expect(dropdown).toContainText(teachers[0].name);
  await page.keyboard.press('Escape');
  await chooseOption(page, form.getByLabel('班主任'), teachers[0].name);
  await chooseOption(page, form.getByLabel('授课教师'), teachers[0].name);
  await form.getByLabel('联系人').fill('孙立新');
  await form.getByLabel('联系电话').fill('13831100005');
  await page.screenshot({ path: `${SHOTS}/admin-class-form.png` });
  await form.getByTestId('form-dialog-ok').click();
  await expect(form).toBeHidden();
  const created = (await api<{ list: { orgName: string; headTeacherName: string | null }[] }>(page, 'GET', '/trainInfo/trainInfoList', { name })).list;
  expect(created.map((c) => [c.orgName, c.headTeacherName])).toEqual([[org.name, teachers[0].name]]);
});

test('出勤与结业：勾选多名学员批量登记、导入出勤工作簿；课没上完时结业提交被拒绝并显示原因', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  // 班从今天开到明天，课排在明天夜里（演示数据的课都在白天）：任何时刻运行，这节课都还没上完
  const today = beijingDate(new Date());
  const tomorrow = beijingDate(new Date(Date.now() + 86_400_000));

  // 准备一个培训中的班（经接口）：机构建班、排课、录三名学员、提交；市级审核通过并发布；机构开班
  await loginAs(page, 'train_org', DEMO_PASSWORD);
  const teachers = await api<{ id: number; name: string }[]>(page, 'GET', '/class/selectTeacherList');
  const teacher = teachers[Math.floor(Math.random() * teachers.length)];
  const c = await api<{ id: number; code: string }>(page, 'POST', '/trainInfo/saveTrainInfo', {
    name: `出勤登记演示班${SUFFIX}`,
    workCode: '6-31-01-03',
    level: 4,
    trainType: '1',
    startDate: today,
    endDate: tomorrow,
    hours: 1,
    place: `明德实训楼 ${SUFFIX}`,
    capacity: 30,
    contactName: '孙立新',
    contactPhone: '13831100005',
  });
  await api(page, 'POST', '/class/addOrUpdateOfflineCourse', { classId: c.id, name: '安全用电', date: tomorrow, startTime: '23:00', endTime: '23:45', place: `实训教室 ${SUFFIX}`, teacherId: teacher.id, hours: 1 });
  const people = [0, 1, 2].map((i) => ({ name: `出勤学员${i + 1}`, idNumber: idNumber(i) }));
  for (const p of people) await api(page, 'POST', '/student/save', { classId: c.id, ...p, mobile: `1390311${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`, education: '高中' });
  await api(page, 'POST', '/trainInfo/submitReview', { id: c.id });
  const city = await browser.newPage();
  await apiLogin(city, 'sjz_admin', DEMO_PASSWORD);
  await api(city, 'POST', '/trainInfo/updateAuditStatus', { id: c.id, result: 'pass' });
  await api(city, 'POST', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'publish' });
  await city.close();
  await api(page, 'POST', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'start' });

  // 批量登记：勾选前两名
  await page.goto(`/train/student?classId=${c.id}`);
  const roster = page.getByTestId('student-list');
  await expect(roster.locator('tbody tr.ant-table-row')).toHaveCount(3);
  for (const p of people.slice(0, 2)) await rowOf(roster, p.name).locator('.ant-checkbox-input').check();
  await roster.getByTestId('batch-action-attendance').click();
  const batch = modalWith(page, page.getByTestId('attendance-batch-hours'));
  await expect(batch).toContainText('已选 2 名学员');
  await batch.getByTestId('attendance-batch-hours').fill('1');
  await batch.getByTestId('attendance-batch-completion').getByText('结业', { exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/attendance-batch.png` });
  await batch.getByRole('button', { name: /登\s*记/ }).click();
  await expectMessage(page, '已登记 2 名学员的出勤与结业');
  await expect(rowOf(roster, people[0].name)).toContainText('结业');
  await expect(rowOf(roster, people[1].name)).toContainText('结业');

  // 出勤导入：模板预填本班名单，填第三名为未结业
  const template = await page.request.get(`/api/student/attendanceTemplate?classId=${c.id}`);
  expect(template.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await template.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(4);
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(1).value === people[2].name) {
      row.getCell(3).value = 0;
      row.getCell(4).value = '未结业';
    }
  });
  const file = testInfo.outputPath('attendance.xlsx');
  await book.xlsx.writeFile(file);
  await page.getByTestId('attendance-import-open').click();
  const dialog = modalWith(page, page.getByTestId('attendance-import'));
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByTestId('import-preview')).toContainText('共 3 行，全部校验通过，尚未写入');
  await dialog.getByTestId('import-commit').click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(roster, people[2].name)).toContainText('未结业');

  // 结业提交：课还没上完，服务端拒绝，界面显示原因；班级仍在培训中
  await page.goto(`/train/class/apply?code=${c.code}`);
  const row = rowOf(page.getByTestId('class-list'), c.code);
  await expect(row).toContainText('培训中');
  await clickRowAction(page, row, 'finish');
  await confirmDialog(page, c.code);
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '最后一节课「安全用电」' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/finish-refused.png` });
  await expect(row).toContainText('培训中');
});
