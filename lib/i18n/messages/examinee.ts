// components/examinee/**（考生管理：计划选择、考生名单、导入预览与确认、照片压缩包）的界面文字与
// lib/domains/examinee 的服务端消息：中文原文 → 英文。
import type { Catalogue } from '../index';

/** 中文原文 → 英文 */
const texts: Record<string, string> = {
  从事本职业年限: 'Years in the occupation',
  已有证书等级: 'Certificate level held',
  取得证书日期: 'Certificate date',
  考生名单: 'Examinee roster',
  // 看全身份证号、手机号（examinee.unmask；按钮的文字在 privacy.ts）
  '考生名单（{plan}）': 'the examinee roster ({plan})',
  请输入完整身份证号: 'Enter the full ID number',
  请输入完整手机号: 'Enter the full mobile number',
  '身份证号（修改时可原样传回脱敏值，表示不改）': 'ID number (a masked value sent back unchanged keeps the stored one)',
  '手机号（修改时可原样传回脱敏值，表示不改）': 'Mobile number (a masked value sent back unchanged keeps the stored one)',
  报考资格: 'Eligibility',
  资格说明: 'Eligibility notes',
  新增考生: 'New examinee',
  编辑考生: 'Edit examinee',
  '确定删除考生{name}吗？': 'Delete examinee {name}?',
  考生详情: 'Examinee details',
  '将照片以身份证号命名（如 130102199001011237.jpg），打包为 .zip 上传；支持 jpg、png，每张不超过 2MB、至少 100×100 像素。照片按身份证号匹配本计划的考生，已有照片会被替换。':
    'Name each photo after the ID number (e.g. 130102199001011237.jpg) and upload them as one .zip; jpg and png, at most 2 MB and at least 100×100 pixels each. Photos are matched to this plan’s examinees by ID number; existing photos are replaced.',
  导出签到表: 'Export sign-in sheet',
  '暂无考生，可点击“新增”或“导入考生”录入': 'No examinees yet; use “New” or “Import examinees” to add them',
  该计划暂无考生: 'This plan has no examinees',
  '有未确认的考生导入「{file}」（{total} 行），确认或放弃之前计划不能进入下一步':
    'The examinee import “{file}” ({total} rows) is not confirmed yet; the plan cannot move on until it is confirmed or discarded',
  查看并确认: 'Review and confirm',
  可导入与修改考生: 'Examinees can be imported and edited',
  '只读：计划不在“导入考生”步骤或您不能修改': 'Read only: the plan is not at the “Import examinees” step or you cannot edit it',
  '暂无已到“导入考生”步骤的考试计划': 'No exam plan has reached the “Import examinees” step yet',
  '已写入 {total} 名考生': '{total} examinees saved',
  已放弃这次导入: 'The import was discarded',
  '放弃这次导入？文件中的考生不会写入。': 'Discard this import? None of the examinees in the file will be saved.',
  放弃导入: 'Discard import',
  '确认导入 {total} 名考生': 'Confirm and import {total} examinees',
  '先预览：全部校验并检查报考资格，不写入考生；确认后才写入。身份证号一列请设为“文本”格式。':
    'The file is previewed first: every row is validated and eligibility is checked, but nothing is saved until you confirm. Format the ID number column as “Text”.',
  '「{file}」共 {total} 行，全部校验通过，尚未写入': '“{file}”: {total} rows, all valid, not saved yet',
  '报考资格：提示 {warning} 人，不符合 {refused} 人（不符合的考生不能安排考场）':
    'Eligibility: {warning} with notes, {refused} not eligible (examinees who are not eligible cannot be seated)',
  符合: 'Eligible',
  不符合: 'Not eligible',
  导入考生: 'Import examinees',
  考试计划: 'Exam plan',
  请选择考试计划: 'Choose an exam plan',
  考生: 'Examinee',
};

/** 服务端消息：中文原文（模板的 ${…} 写成 {占位}）→ 英文 */
const errors: Record<string, string> = {
  '该考生已报考本计划的这个工种（同一人在一个计划的一个工种只能报考一次）': 'This examinee has already registered for this occupation in this plan (one registration per person and occupation in a plan)',
  工种未解析: 'The occupation could not be resolved',
  已确认写入: 'already confirmed and saved',
  已放弃: 'already discarded',
  '该导入{state}，不能再办理': 'This import is {state} and can no longer be processed',
  '导入的文件已不存在，请放弃这次导入后重新上传': 'The imported file no longer exists; discard this import and upload again',
  '该导入已确认写入，不能再办理': 'This import is already confirmed and saved and can no longer be processed',
  考生不存在或不在您的管辖范围内: 'The examinee does not exist or is outside your jurisdiction',
  '附件地址不正确（须是经本系统上传得到的地址）': 'Invalid attachment address (it must be an address returned by this system’s upload)',
  附件不存在: 'The attachment does not exist',
  考生导入: 'Examinee import',
  '工种「{work}」不在本计划中（本计划的工种：{works}）': 'Occupation “{work}” is not in this plan (the plan’s occupations: {works})',
  '本计划的「{work}」没有{level}（可报：{levels}）': 'This plan’s “{work}” has no {level} (available: {levels})',
  '与第 {row} 行重复（同一人在一个计划的一个工种只能报考一次）': 'Duplicates row {row} (one registration per person and occupation in a plan)',
  '已有未确认的考生导入「{file}」，请先确认或放弃': 'The examinee import “{file}” is not confirmed yet; confirm or discard it first',
  '有未确认的考生导入「{file}」，请先确认或放弃': 'The examinee import “{file}” is not confirmed yet; confirm or discard it first',
  计划还没有符合报考条件的考生: 'The plan has no eligible examinees yet',
  '考生 {name} 已报考本计划的「{work}」，不能重复': 'Examinee {name} has already registered for “{work}” in this plan',
  '每名考生最多 {n} 个附件': 'At most {n} attachments per examinee',
  '该单元格是数字格式，Excel 只保留 15 位有效数字，号码末尾几位已经丢失（显示为 1.3E+17 之类或末尾变成 000）：请把「{column}」列设置为“文本”格式后重新填写':
    'The cell is formatted as a number; Excel keeps only 15 significant digits, so the last digits of the number are lost (shown as 1.3E+17 or ending in 000). Format the “{column}” column as “Text” and enter the numbers again',
  '身份证号显示成了科学计数法（如 1.30102E+17），末尾几位已经丢失：请把「身份证号」列设置为“文本”格式后重新填写':
    'The ID number is shown in scientific notation (e.g. 1.30102E+17) and its last digits are lost; format the “ID number” column as “Text” and enter the numbers again',
  '{label}格式不正确，应为 2020-05-01 这样的日期': '{label} is invalid; enter a date such as 2020-05-01',
  '{label}应为 1–5 或“三级/高级工”“高级工”等写法': '{label} must be 1–5 or a level name such as “Level 3 / Senior worker”',
  学历请从列表中选择: 'Choose the education from the list',
  '有 {n} 名考生的报考资格需要审核时留意（提示）': '{n} examinees have eligibility notes for the reviewer',
  '有 {n} 名考生不符合报考条件，不能安排考场': '{n} examinees are not eligible and cannot be seated',
};

export const examineeMessages: Catalogue = { 'zh-CN': {}, 'en-US': {}, texts, errors };
