// 导入的上限：上传的 .xlsx 与照片压缩包在解压之前、解压之中都受这些上限约束，超出即整份拒绝并给出中文原因。
// 所有上限集中在这里，文档（docs/API.md「导入的上限」）与测试都引用这些常量。

const MIB = 1024 * 1024;

/** 每次导入最多的数据行数（不含表头）；更多的请拆分成多个文件。 */
export const IMPORT_MAX_ROWS = 100_000;
/** 单元格最多的字符数：与 Excel 本身的上限相同，Excel 存不下更长的内容。 */
export const MAX_CELL_CHARS = 32_767;
/** 一次导入（读取、校验、写库）最长的处理时间；超时整份不写入。 */
export const IMPORT_TIME_LIMIT_MS = 5 * 60_000;

/** 压缩包（.xlsx 也是压缩包）中最多的条目数 */
export const MAX_ZIP_ENTRIES = 10_000;
/** 解压后与压缩后的大小之比的上限；正常的工作表约 10:1，照片约 1:1 */
export const MAX_COMPRESSION_RATIO = 100;
/** 解压后不到这个大小的条目不检查压缩比（小的 XML 部件压缩比本来就高，总量另有上限） */
export const RATIO_GRACE_BYTES = 1 * MIB;
/** .xlsx 中单个部件（如一个工作表的 XML）解压后的上限；10 万行的普通工作表约 25 MB */
export const XLSX_MAX_ENTRY_BYTES = 100 * MIB;
/** .xlsx 全部部件解压后的合计上限 */
export const XLSX_MAX_TOTAL_BYTES = 200 * MIB;

/** 错误工作簿最多抄写原文件的字符数；原文件更大时只给“错误明细”，让存库的错误文件有界 */
export const MAX_ERROR_COPY_CHARS = 2_000_000;
/** 每条错误原因最多的字符数（原因里可能带有用户填写的内容） */
export const MAX_ISSUE_MESSAGE_CHARS = 500;

export const bytesText = (bytes: number) => `${Math.round(bytes / MIB)} MB`;

/** 文件超出导入上限（过大、疑似压缩炸弹、行数过多、单元格过长、超时）：整份拒绝，消息直接给用户看。 */
export class ImportLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportLimitError';
  }
}

export const TIMEOUT_MESSAGE = `导入超时：处理超过 ${IMPORT_TIME_LIMIT_MS / 60_000} 分钟仍未完成，已停止，没有写入任何数据；请拆分成较小的文件分批导入`;

/** 从现在起算的截止时刻（毫秒时间戳） */
export const deadlineAfter = (ms = IMPORT_TIME_LIMIT_MS) => Date.now() + ms;

export function checkDeadline(deadline: number | undefined, message = TIMEOUT_MESSAGE): void {
  if (deadline !== undefined && Date.now() > deadline) throw new ImportLimitError(message);
}
