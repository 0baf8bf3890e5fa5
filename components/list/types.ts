// 通用列表界面（ListScreen）与表单弹窗（FormDialog）的配置。每个列表界面只写一份配置，
// 查询、分页、勾选、新增/编辑/删除、导入（含错误工作簿）、导出、确认框、空状态都由 ListScreen 统一处理。
// 按钮按资源权限显示：`${resource}.add|edit|delete|import|export`（与接口的权限检查是同一个 can()）。
import type { ReactNode } from 'react';
import type { Rule } from 'antd/es/form';
import type { ColumnType } from 'antd/es/table';
import type { Query } from '@/components/api-client';
import type { GetPath, PostPath } from '@/components/api-contract';
import type { Translate } from '@/lib/i18n';
import type { UploadPurpose } from '@/lib/domains/file/schemas';

export type HttpMethod = 'GET' | 'POST';

/** 一个接口调用：路径不含 /api 前缀（如 '/account/listUsers'），须是端点表里该方法的路径（写错即类型错误） */
export type ApiCall = ({ path: PostPath; method?: 'POST' } | { path: GetPath; method: 'GET' }) & CallQuery;

/** 选项来自接口：labelKey / valueKey 为答复中每项的显示名与取值 */
export type OptionsSource = ReadCall & { labelKey: string; valueKey: string };

/** 读取类的调用（选项来源、模板下载）：不写 method 即 GET */
export type ReadCall = ({ path: GetPath; method?: 'GET' } | { path: PostPath; method: 'POST' }) & CallQuery;

interface CallQuery {
  /** 拼进地址的查询参数（如导入的 ?bankId=）；GET 的筛选参数另由调用方给出 */
  query?: Query;
}

export interface Option {
  label: string;
  value: string | number;
}

export type FieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'multiSelect'
  | 'radio'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'dateRange'
  | 'region' // RegionPicker，值为 [省, 市|null, 县|null]
  | 'dict' // 选项取自字典：GET /bapi/common/dict?dicType=…
  | 'image' // 图片上传（components/upload/Uploader），值为地址（maxCount > 1 时为地址数组）
  | 'file' // 文件上传，值同上
  | 'richtext' // 富文本（components/content/RichTextEditor），值为 HTML，服务端保存时按白名单清洗
  | 'custom';

/** 表单或筛选条件的一项 */
export interface FieldSpec {
  /** 提交给接口的字段名 */
  name: string;
  label: string;
  type?: FieldType;
  required?: boolean;
  placeholder?: string;
  /** select / multiSelect / radio 的固定选项 */
  options?: readonly Option[];
  /** 选项取自接口（返回数组或 {list}）：labelKey/valueKey 指定显示与取值字段 */
  optionsFrom?: OptionsSource;
  /** type 'dict' 的字典类型 */
  dictType?: string;
  /** 额外的前端校验（消息用中文）；服务端仍会校验，错误按字段显示 */
  rules?: Rule[];
  initialValue?: unknown;
  /** 编辑时只读（如账号名） */
  disabledOnEdit?: boolean;
  /** 只在新增时显示（如初始密码） */
  createOnly?: boolean;
  help?: ReactNode;
  /** 表单中占 24 栅格中的几格，默认 24（弹窗内一列）；筛选条件固定每项 6 格 */
  span?: number;
  /** type 'image' / 'file'：用途（默认图片 'image'、文件 'attachment'）、最多几个（默认 1）、300–500 KB 检查 */
  upload?: { purpose?: UploadPurpose; maxCount?: number; sizeCheck?: boolean };
  /** type 'custom'：自定义输入组件（受控：value/onChange） */
  render?: (props: { value: unknown; onChange: (value: unknown) => void; disabled?: boolean; id?: string }) => ReactNode;
}

/** 新增或编辑的表单弹窗 */
export interface FormSpec<T = Record<string, unknown>> {
  title: string;
  fields: FieldSpec[];
  /** 提交的接口（POST，JSON） */
  submit: ApiCall;
  /** 提交体：默认为表单值；编辑时可合并行的 id 等 */
  body?: (values: Record<string, unknown>, row?: T) => unknown;
  /** 编辑时的初始值：默认取行本身；可从详情接口加载 */
  load?: (row: T) => Promise<Record<string, unknown>> | Record<string, unknown>;
  width?: number;
  /** 成功提示，默认“保存成功” */
  successMessage?: string;
}

export interface ListColumn<T> extends ColumnType<T> {
  /** 以固定选项把取值显示为文字（如状态码 → 中文） */
  options?: readonly Option[];
  /** 以字典把取值显示为文字 */
  dictType?: string;
  /**
   * 'datetime' / 'date'：按北京时间格式化 ISO 字符串；
   * 'money'：金额（元）右对齐、千分位、两位小数，列标题里没有“元”时前缀 ¥
   */
  format?: CellFormat;
  /** 取值是服务端给的中文名称（等级、类型、状态名）：按当前语言查译文显示 */
  translate?: boolean;
  /** 编号类的列（证书、证件、计划、备案、班级、批次号）：完整显示、不截断、等宽数字。不写时按字段名认（见 widths.ts isIdentifierColumn） */
  identifier?: boolean;
}

export type CellFormat = 'datetime' | 'date' | 'money';

/** 行内操作或批量操作执行时可用的帮助 */
export interface ListHelpers {
  reload: () => void;
}

export interface RowAction<T> {
  key: string;
  label: string;
  /** 完整权限标识（如 'sysUser.disable'）；省略则总显示 */
  permission?: string | readonly string[];
  danger?: boolean;
  /** 执行前的确认文字（中文原文；函数收到 t，带占位的写 t('…{name}…', { name })） */
  confirm?: string | ((row: T, t: Translate) => string);
  /** 调接口（POST JSON）后提示并刷新列表 */
  call?: ApiCall & { body: (row: T) => unknown; successMessage?: string };
  /** 打开表单弹窗（如重置密码、设置角色） */
  form?: FormSpec<T>;
  /** 其余自定义行为 */
  onClick?: (row: T, helpers: ListHelpers) => void;
  /** 只对部分行显示（如已冻结的行显示“解冻”） */
  visible?: (row: T) => boolean;
}

export interface BatchAction<T> {
  key: string;
  label: string;
  permission?: string | readonly string[];
  danger?: boolean;
  confirm?: string | ((rows: T[], t: Translate) => string);
  /** 调接口（POST JSON）后提示并刷新列表；与 onClick 二选一 */
  call?: ApiCall & { body: (ids: (string | number)[], rows: T[]) => unknown; successMessage?: string };
  /** 其余自定义行为（如先弹出表单再调接口）：收到勾选的 id 与行 */
  onClick?: (ids: (string | number)[], rows: T[], helpers: ListHelpers) => void;
}

export interface ListScreenProps<T extends object> {
  /** 页面标题（卡片标题） */
  title: string;
  /** 资源权限标识（菜单资源 key），按钮据此按动作显示 */
  resource: string;
  rowKey: Extract<keyof T, string>;
  /** 分页列表接口：提交筛选值与 pageNo/pageSize，返回 {list,total,pageNo,pageSize} */
  list: (ApiCall | { path: `demo:${string}`; method?: undefined }) & {
    params?: Query;
    /**
     * 自己取数（看全信息的列表带着理由重查；开发者组件页的演示数据，path 写 'demo:…' 只作请求的标识）：
     * 收到与接口相同的参数（筛选值与 pageNo/pageSize），返回 {list,total}
     */
    load?: (params: Record<string, unknown>) => Promise<{ list: T[]; total: number }>;
  };
  /** 筛选条件（查询/重置） */
  filters?: FieldSpec[];
  columns: ListColumn<T>[];
  /** 工具栏“新增”（权限 resource.add） */
  create?: FormSpec<T>;
  /** 行内“编辑”（权限 resource.edit） */
  edit?: FormSpec<T>;
  /** 行内“删除”与工具栏“批量删除”（权限 resource.delete），都先确认 */
  remove?: {
    call?: ApiCall & { body: (row: T) => unknown };
    batch?: ApiCall & { body: (ids: (string | number)[]) => unknown };
    /** 确认文字，默认“确定删除该记录吗？”；t 用法同 RowAction.confirm */
    confirm?: (row: T, t: Translate) => string;
  };
  /** 行内“查看”：只读的详情弹窗 */
  /** type 'image'：缩略图（点开预览）；'file'：下载链接 */
  detail?: { title: string; fields: { name: string; label: string; type?: 'image' | 'file'; render?: (value: unknown, row: T) => ReactNode }[]; load?: (row: T) => Promise<Record<string, unknown>> };
  /** 工具栏“导入”（权限 resource.import）：上传 .xlsx（multipart 字段 file），失败时显示错误条数并可下载错误工作簿 */
  importer?: { call: ApiCall; template: ReadCall; title?: string };
  /** 工具栏“导出”（权限 resource.export）：以当前筛选条件下载 .xlsx */
  exporter?: ApiCall;
  rowActions?: RowAction<T>[];
  batchActions?: BatchAction<T>[];
  /** 工具栏左侧的额外内容 */
  toolbarExtra?: (helpers: ListHelpers) => ReactNode;
  /** 每页条数选项，默认 [10, 50, 100]；默认每页 10 条 */
  pageSizeOptions?: number[];
  /** 无数据时的提示，默认“暂无数据”；有筛选条件时统一提示“没有符合条件的记录…” */
  emptyText?: string;
  /** 外部触发刷新：值变化时重新查询（如左侧树选中的节点变了） */
  refreshKey?: unknown;
  /** 每次列表查询成功后调用（如刷新页头的计数）；参数是这次查询的筛选条件（不含 list.params 与分页） */
  onLoaded?: (filters: Record<string, unknown>) => void;
  /** 供测试定位，默认 'list-screen' */
  testId?: string;
}
