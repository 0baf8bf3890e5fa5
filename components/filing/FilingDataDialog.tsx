'use client';
// 备案的场所与人员（培训/评价场所、考点、考务人员、督导员、考评员）：一个弹窗，每类一个页签，各是一个 ListScreen。
// 端点见 lib/domains/filing/data.ts（/fil/<类>/list|save|del|import|importTemplate）；只有未备案、被驳回的备案可改，
// 其余状态只读。按钮按备案类别的资源权限 `${resource}.add|edit|delete|import` 显示。
import { Alert, Modal, Tabs } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListColumn, ListScreenProps } from '@/components/list/types';
import { checkIdNumber } from '@/lib/platform/identity/id-number';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '@/lib/platform/identity/mobile';
import { isMaskedValue } from '@/lib/platform/identity/mask';
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import type { FilingItem } from '@/lib/domains/filing/schemas';
import { kindResource } from '@/lib/domains/filing/transitions';
import type { Translate } from '@/lib/i18n/locales';
import { useT } from '@/lib/i18n/client';
import type { FilingDataKind } from '@/lib/domains/filing/data-service';

interface DataRow {
  id: number;
  name: string;
  [field: string]: unknown;
}

type Group = 'site' | 'person';

/** 五类资料：路径段即端点里的资料名 */
const VARIANTS: readonly { key: FilingDataKind; label: string; group: Group }[] = [
  { key: 'site', label: '培训/评价场所', group: 'site' },
  { key: 'examSite', label: '考点', group: 'site' },
  { key: 'examStaff', label: '考务人员', group: 'person' },
  { key: 'supervisor', label: '督导员', group: 'person' },
  { key: 'evaluator', label: '考评员', group: 'person' },
];

// 消息逐条写出原文（列表框架按原文换译文，模块级的规则拿不到 t）
const maxLength = (max: number, message: string) => ({ max, message });
// 列表与表单里的手机号、证件号是脱敏的（带 *）：未改动时原样提交，服务端保留原号码
const mobileRule = { validator: async (_rule: unknown, value: unknown) => {
  if (typeof value !== 'string' || !value || isMaskedValue(value) || MOBILE_PATTERN.test(value)) return;
  throw new Error(MOBILE_MESSAGE);
} };
const positiveInteger = (message: string) => ({ type: 'integer' as const, min: 1, message });

/** 证件号码：与服务端同一个校验函数（空值交给必填规则） */
const idNumberField = (help?: string): FieldSpec => ({
  name: 'idNumber',
  label: '身份证号',
  required: true,
  span: 12,
  help,
  rules: [
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || !value.trim() || isMaskedValue(value)) return;
        const checked = checkIdNumber(value);
        if (!checked.ok) throw new Error(checked.message);
      },
    },
  ],
});

const SITE_FIELDS: FieldSpec[] = [
  { name: 'name', label: '名称', required: true, rules: [maxLength(128, '名称不能超过 128 个字')] },
  { name: 'address', label: '地址', required: true, rules: [maxLength(200, '地址不能超过 200 个字')] },
  { name: 'area', label: '面积（平方米）', type: 'number', span: 12, rules: [positiveInteger('面积必须是大于 0 的整数')] },
  { name: 'seats', label: '工位数', type: 'number', span: 12, rules: [positiveInteger('工位数必须是大于 0 的整数')] },
  { name: 'contactName', label: '联系人', span: 12, rules: [maxLength(64, '联系人不能超过 64 个字')] },
  { name: 'contactPhone', label: '联系电话', span: 12, rules: [mobileRule] },
];

const personFields = (mode: 'create' | 'edit'): FieldSpec[] => [
  { name: 'name', label: '姓名', required: true, span: 12, rules: [maxLength(64, '姓名不能超过 64 个字')] },
  // 列表只给出部分号码（前 6 后 4 位）；修改时不改动即保留原号码
  idNumberField(mode === 'edit' ? '为保护个人信息只显示部分号码；不改动即保留原号码，要更换请输入完整的新号码' : undefined),
  { name: 'mobile', label: '手机号', required: true, span: 12, rules: [mobileRule] },
  { name: 'title', label: '职称/职务', span: 12, rules: [maxLength(64, '职称/职务不能超过 64 个字')] },
  { name: 'certificateNo', label: '证书编号', span: 12, rules: [maxLength(64, '证书编号不能超过 64 个字')] },
  { name: 'workCode', label: '工种编码', span: 12, rules: [maxLength(32, '工种编码不能超过 32 个字')] },
];

const SITE_COLUMNS: ListColumn<DataRow>[] = [
  { title: '名称', dataIndex: 'name' },
  { title: '地址', dataIndex: 'address', ellipsis: true },
  { title: '面积（平方米）', dataIndex: 'area', width: 130 },
  { title: '工位数', dataIndex: 'seats', width: 90 },
  { title: '联系人', dataIndex: 'contactName', width: 100 },
  { title: '联系电话', dataIndex: 'contactPhone', width: 130 },
];

const PERSON_COLUMNS: ListColumn<DataRow>[] = [
  { title: '姓名', dataIndex: 'name', width: 100 },
  { title: '身份证号', dataIndex: 'idNumber', width: 190 },
  { title: '手机号', dataIndex: 'mobile', width: 130 },
  { title: '职称/职务', dataIndex: 'title' },
  { title: '证书编号', dataIndex: 'certificateNo' },
  { title: '工种编码', dataIndex: 'workCode', width: 120 },
];

/** 新增与修改表单：提交体带上备案 id；清空的联系电话不提交（服务端把未给出的联系电话存为空） */
function formOf(t: Translate, variant: (typeof VARIANTS)[number], filingId: number, mode: 'create' | 'edit'): FormSpec<DataRow> {
  const site = variant.group === 'site';
  return {
    title: t(mode === 'create' ? '新增{label}' : '修改{label}', { label: t(variant.label) }),
    width: 720,
    submit: { path: `/fil/${variant.key}/save` },
    fields: site ? SITE_FIELDS : personFields(mode),
    body: (values, row) => {
      const { contactPhone, ...rest } = values;
      return { ...rest, ...(contactPhone ? { contactPhone } : {}), filingId, id: row?.id };
    },
  };
}

function screenOf(t: Translate, variant: (typeof VARIANTS)[number], filingId: number, resource: string, editable: boolean): ListScreenProps<DataRow> {
  const site = variant.group === 'site';
  const label = t(variant.label);
  const base: ListScreenProps<DataRow> = {
    title: variant.label,
    resource,
    rowKey: 'id',
    testId: `filing-data-${variant.key}`,
    list: { path: `/fil/${variant.key}/list`, params: { filingId } },
    columns: site ? SITE_COLUMNS : PERSON_COLUMNS,
    emptyText: editable ? t('暂无{label}，可新增或导入', { label }) : t('暂无{label}', { label }),
  };
  if (!editable) return base;
  return {
    ...base,
    create: formOf(t, variant, filingId, 'create'),
    edit: formOf(t, variant, filingId, 'edit'),
    remove: {
      call: { path: `/fil/${variant.key}/del`, body: (row) => ({ filingId, id: row.id }) },
      confirm: (row) => t('确定删除{label}「{name}」吗？', { label, name: row.name }),
    },
    importer: {
      // 上传体只有文件：备案 id 放在查询串里（接口把查询参数与表单字段合并校验）
      call: { path: `/fil/${variant.key}/import`, query: { filingId } },
      template: { path: `/fil/${variant.key}/importTemplate`, method: 'GET' },
      title: t('导入{label}', { label }),
    },
  };
}

/** 人员页签：证件号与手机号默认脱敏；有该备案类别 unmask 权限的可选理由后看全（记访问日志） */
function PersonTab({ screen, what, kind }: { screen: ListScreenProps<DataRow>; what: string; kind: FilingDataKind }) {
  const unmask = useUnmaskList<DataRow>(`/fil/${kind}/list`, what);
  return <ListScreen<DataRow> {...screen} list={{ ...unmask.list, params: screen.list.params }} toolbarExtra={unmask.toolbarExtra} />;
}

/** 场所与人员弹窗：filing 为空时关闭 */
export default function FilingDataDialog({ filing, onClose }: { filing: FilingItem | null; onClose: () => void }) {
  // 可否修改由服务端按状态与权限给出（列表行的 actions）
  const editable = filing !== null && filing.actions.includes('edit');
  const t = useT();
  return (
    <Modal
      open={filing !== null}
      title={filing ? t('场所与人员：{code} {org}', { code: filing.code, org: filing.orgName }) : ''}
      width={1100}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {filing && (
        <div data-testid="filing-data">
          {!editable && <Alert type="info" showIcon title={t('备案已提交，场所与人员不可修改')} style={{ marginBottom: 8 }} data-testid="filing-data-readonly" />}
          <Tabs
            items={VARIANTS.map((v) => ({
              key: v.key,
              label: t(v.label),
              children:
                v.group === 'person' ? (
                  <PersonTab kind={v.key} screen={screenOf(t, v, filing.id, kindResource(filing.kind), editable)} what={t('备案 {code} 的{label}', { code: filing.code, label: t(v.label) })} />
                ) : (
                  <ListScreen<DataRow> {...screenOf(t, v, filing.id, kindResource(filing.kind), editable)} />
                ),
            }))}
          />
        </div>
      )}
    </Modal>
  );
}
