// 培训班（issue 13）：培训机构（train_org，明德培训学校）在“开班申请”里新建一个班（工种取自职业目录、班主任取自师资库），
// 在“课程体系”里排一节线下课，在“学员库”里导入三名学员（先预览、再确认），回到开班申请提交审核；
// 石家庄市管理员在“开班审批”里审核通过并发布，开班日历上那一天显示这节课。
// 两个用例接力同一个班，故串行。班级名称带时间戳；开班日期取几百天后的随机一天，授课教师随机，重复运行也不与上次的课冲突。
import ExcelJS from 'exceljs';
import { idCheckChar } from '@/lib/platform/identity/id-number';
import { beijingDate } from '@/lib/platform/time';
import { api, DEMO_PASSWORD, chooseOption, expect, loginAs, test, clickRowAction, confirmDialog, rowOf, typeDate, modalWith } from './helpers';

const SHOTS = 'test-results';
const SUFFIX = Date.now().toString(36);
const CLASS_NAME = `端到端电工培训班${SUFFIX}`;
const DATE = beijingDate(new Date(), 200 + Math.floor(Math.random() * 600));
const PLACE = `明德实训楼 ${SUFFIX}`;

const run: { id?: number; code?: string } = {};

/** 三名学员（证件号随机：重复运行不与上次的学员重复） */
function students(): string[][] {
  return [0, 1, 2].map((i) => {
    const birth = `19${70 + Math.floor(Math.random() * 30)}0${1 + i}1${Math.floor(Math.random() * 9)}`;
    const body = `130102${birth}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    return [`端到端学员${i + 1}`, body + idCheckChar(body), `1390311${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`, '高中', '石家庄恒瑞机械有限公司'];
  });
}

test.describe.serial('培训班：开班、课程、学员、审核与发布、日历', () => {
  test('培训机构新建班级、排课、导入学员并提交审核', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await loginAs(page, 'train_org', DEMO_PASSWORD);
    const teachers = await api<{ id: number; name: string }[]>(page, 'GET', '/class/selectTeacherList');
    const head = teachers[Math.floor(Math.random() * teachers.length)];
    // 下拉是虚拟列表：教师多时随机选中的人可能不在可见的几项里，选的时候先输入姓名搜索

    // 新建班级
    await page.goto('/train/class/apply');
    const list = page.getByTestId('class-list');
    await expect(list).toContainText('开班申请');
    await list.getByTestId('list-create').click();
    const form = modalWith(page, page.getByTestId('form-dialog'));
    await form.getByLabel('班级名称').fill(CLASS_NAME);
    await form.getByTestId('work-picker-open').click();
    const picker = modalWith(page, page.getByTestId('work-picker-search'));
    await picker.getByTestId('work-picker-search').locator('input').fill('电工');
    await picker.getByTestId('work-picker-search').locator('input').press('Enter');
    await picker.getByTestId('work-pick-6-31-01-03').click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect(form.getByTestId('work-tag-6-31-01-03')).toBeVisible();
    await chooseOption(page, form.getByTestId('class-work').getByRole('combobox'), '四级/中级工');
    await chooseOption(page, form.getByLabel('培训类型'), '就业技能培训');
    const dates = form.locator('.ant-picker-range input');
    await typeDate(dates.nth(0), DATE);
    await typeDate(dates.nth(1), DATE);
    await form.getByLabel('班级学时').fill('1');
    await form.getByLabel('计划招收人数').fill('30');
    await form.getByLabel('培训地点').fill(PLACE);
    await chooseOption(page, form.getByLabel('班主任'), head.name, head.name);
    await form.getByLabel('联系人').fill('孙立新');
    await form.getByLabel('联系电话').fill('13831100005');
    await page.screenshot({ path: `${SHOTS}/train-class-form.png` });
    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toBeHidden();
    const created = (await api<{ list: { id: number; code: string }[] }>(page, 'GET', '/trainInfo/trainInfoList', { name: CLASS_NAME })).list;
    expect(created).toHaveLength(1);
    run.id = created[0].id;
    run.code = created[0].code;

    // 课程体系：一节线下课（22:00–22:45，1 学时）
    await page.goto(`/train/course/curriculum?classId=${run.id}`);
    const lessons = page.getByTestId('lesson-list');
    await expect(page.getByTestId('curriculum-screen')).toContainText(run.code);
    await lessons.getByTestId('list-create').click();
    const lessonForm = modalWith(page, page.getByTestId('form-dialog'));
    await lessonForm.getByLabel('课程名称').fill('安全用电与触电急救');
    await typeDate(lessonForm.getByLabel('上课日期'), DATE);
    await lessonForm.getByLabel('开始时刻').fill('22:00');
    await lessonForm.getByLabel('结束时刻').fill('22:45');
    await lessonForm.getByLabel('上课地点').fill(PLACE);
    await lessonForm.getByLabel('学时').fill('1');
    await chooseOption(page, lessonForm.getByLabel('授课教师'), head.name, head.name);
    await lessonForm.getByTestId('form-dialog-ok').click();
    await expect(lessonForm).toBeHidden();
    await expect(rowOf(lessons, '安全用电与触电急救')).toContainText(`${DATE} 22:00–22:45`);
    await page.screenshot({ path: `${SHOTS}/train-class-curriculum.png` });

    // 学员：导入三名（预览后确认）
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('学员');
    sheet.addRow(['姓名', '身份证号', '手机号', '学历', '工作单位']);
    for (const s of students()) sheet.addRow(s);
    const file = testInfo.outputPath('students.xlsx');
    await book.xlsx.writeFile(file);
    await page.goto(`/train/student?classId=${run.id}`);
    await page.getByTestId('student-import-open').click();
    const dialog = modalWith(page, page.getByTestId('student-import'));
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect(dialog.getByTestId('import-preview')).toContainText('共 3 行，全部校验通过，尚未写入');
    await dialog.getByTestId('import-commit').click();
    await expect(dialog).toBeHidden();
    const roster = page.getByTestId('student-list');
    await expect(roster.locator('tbody tr.ant-table-row')).toHaveCount(3);
    await expect(roster).toContainText('端到端学员1');
    await page.screenshot({ path: `${SHOTS}/train-class-students.png` });

    // 提交审核
    await page.goto(`/train/class/apply?code=${run.code}`);
    const row = rowOf(page.getByTestId('class-list'), run.code);
    await expect(row).toContainText('草稿');
    await clickRowAction(page, row, 'submit');
    await confirmDialog(page, run.code);
    await expect(row).toContainText('待审核');
  });

  test('市级审核通过并发布；开班日历显示这节课', async ({ page }) => {
    test.setTimeout(90_000);
    expect(run.code, '需要先运行上一个用例').toBeTruthy();
    await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
    await page.goto(`/train/class/approve?code=${run.code}`);
    const list = page.getByTestId('class-approve-list');
    const row = rowOf(list, run.code!);
    await expect(row).toContainText('待审核');
    await clickRowAction(page, row, 'review');
    const dialog = modalWith(page, page.getByTestId('class-review-summary'));
    await expect(dialog.getByTestId('class-review-summary')).toContainText('线下 1 节 1 学时');
    await expect(dialog.getByTestId('class-review-summary')).toContainText('3 人');
    await dialog.getByTestId('class-review-opinion').fill('资料齐全，同意开班');
    await page.screenshot({ path: `${SHOTS}/train-class-review.png` });
    await dialog.getByTestId('class-review-submit').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('审核通过');
    await clickRowAction(page, row, 'publish');
    await confirmDialog(page, run.code!);
    await expect(row).toContainText('已发布');

    await page.goto(`/train/class/calendar?classId=${run.id}&month=${DATE.slice(0, 7)}`);
    const cell = page.getByTestId(`calendar-day-${DATE}`);
    // 时间与课名各占一行
    await expect(cell.locator('li').filter({ hasText: '安全用电与触电急救' })).toContainText('22:00');
    await cell.click();
    await expect(page.getByTestId('calendar-day-list')).toContainText(CLASS_NAME);
    await page.screenshot({ path: `${SHOTS}/train-class-calendar.png` });
  });
});
