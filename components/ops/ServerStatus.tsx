'use client';
// 系统管理 › 运维监控 › 服务监控（/system/ops/server）：答复本次请求的实例的进程、数据库与连接池、迁移、定时任务与存储。
// 数据来自 GET /api/sys/server/status；“刷新”重新取一次。多实例部署时显示的是答复请求的那个实例。
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Progress, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { apiGet } from '@/components/api-client';
import { formatValue } from '@/components/list/values';
import { Tx, useT } from '@/lib/i18n/client';
import { PUBLIC_BASE_WARNING } from '@/lib/platform/http/public-base';
import type { ApiOutput } from '@/components/api-contract';

/** 服务器状态（GET /sys/server/status）：形状来自端点表，不在这里另写一份 */
type Status = ApiOutput<'GET', '/sys/server/status'>;
type JobStatus = Status['jobs'][number];

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
const KILO = 1024;

/** 字节数 → “12.3 MB” */
function bytes(n: number): string {
  let v = n;
  let i = 0;
  while (v >= KILO && i < UNITS.length - 1) {
    v /= KILO;
    i++;
  }
  return `${v >= 100 || i === 0 ? Math.round(v) : v.toFixed(1)} ${UNITS[i]}`;
}

const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_MINUTE = 60;

function Duration({ seconds }: { seconds: number }) {
  const d = Math.floor(seconds / SECONDS_PER_DAY);
  const h = Math.floor((seconds % SECONDS_PER_DAY) / SECONDS_PER_HOUR);
  const m = Math.floor((seconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  if (d > 0) return <Tx text="{d} 天 {h} 小时" vars={{ d, h }} />;
  if (h > 0) return <Tx text="{h} 小时 {m} 分钟" vars={{ h, m }} />;
  return <Tx text="{m} 分钟" vars={{ m }} />;
}

const ok = (good: boolean, yes: string, no: string) => <Tag color={good ? 'green' : 'red'}>{<Tx text={good ? yes : no} />}</Tag>;
const PERCENT = 100;

export default function ServerStatus() {
  const t = useT();
  const [status, setStatus] = useState<Status | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    apiGet('/sys/server/status')
      .then((s) => {
        if (!live) return;
        setStatus(s);
        setFailed(false);
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [version]);

  const load = () => {
    setLoading(true);
    setVersion((v) => v + 1);
  };

  const dt = (v: string | null) => (v ? formatValue(v, 'datetime') : '-');

  if (!status) {
    return (
      <Card title={t('服务监控')} data-testid="server-status">
        {loading ? <Spin /> : <Empty description={failed ? t('服务器状态读取失败，请稍后刷新') : t('暂无数据')} />}
      </Card>
    );
  }
  const { instance, process: proc, database, migrations, scheduler, jobs, storage, publicBase } = status;
  const usedMemory = instance.systemMemory.totalBytes - instance.systemMemory.freeBytes;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="server-status">
      <Card
        title={t('服务监控')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={load} loading={loading}>
            {t('刷新')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('以下是答复本次请求的实例（{instance}）的状态；多实例部署时每个实例各自答复，数据库、定时任务与存储为各实例共用。', {
            instance: `${instance.hostname}:${instance.pid}`,
          })}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 0, marginTop: 8 }} data-testid="public-base-url">
          {t('证书二维码的站点地址（PUBLIC_BASE_URL）')}：{publicBase.url ?? '-'}
        </Typography.Paragraph>
      </Card>
      {publicBase.warning && (
        // 站点地址不对，印出的证书二维码扫不开：醒目提示，直到配置好
        <Alert
          type="error"
          showIcon
          title={publicBase.warningKind && publicBase.warningKind !== 'invalid' ? t(PUBLIC_BASE_WARNING[publicBase.warningKind], { url: publicBase.url ?? '' }) : publicBase.warning}
          data-testid="public-base-warning"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('进程')} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('实例')}>{`${instance.hostname}:${instance.pid}`}</Descriptions.Item>
              <Descriptions.Item label={t('Node 版本')}>{instance.nodeVersion}</Descriptions.Item>
              <Descriptions.Item label={t('操作系统')}>{instance.platform}</Descriptions.Item>
              <Descriptions.Item label={t('启动时间')}>{dt(instance.startedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('已运行')}>
                <Duration seconds={instance.uptimeSeconds} />
              </Descriptions.Item>
              <Descriptions.Item label={t('CPU')}>
                {t('{cores} 核，负载 {load}；本进程平均占用 {percent}%（用户 {user} 秒，系统 {system} 秒）', {
                  cores: instance.cpuCount,
                  load: instance.loadAverage.join(' / '),
                  percent: proc.cpu.averagePercent,
                  user: proc.cpu.userSeconds,
                  system: proc.cpu.systemSeconds,
                })}
              </Descriptions.Item>
              <Descriptions.Item label={t('进程内存')}>
                {t('常驻 {rss}，堆 {heapUsed} / {heapTotal}，外部 {external}', {
                  rss: bytes(proc.memory.rssBytes),
                  heapUsed: bytes(proc.memory.heapUsedBytes),
                  heapTotal: bytes(proc.memory.heapTotalBytes),
                  external: bytes(proc.memory.externalBytes),
                })}
              </Descriptions.Item>
              <Descriptions.Item label={t('系统内存')}>
                <Progress
                  aria-label={t('系统内存')}
                  percent={Math.round((usedMemory / instance.systemMemory.totalBytes) * PERCENT)}
                  size="small"
                  format={() => `${bytes(usedMemory)} / ${bytes(instance.systemMemory.totalBytes)}`}
                />
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('数据库')} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('类型')}>{database.kind === 'postgres' ? 'PostgreSQL' : t('内置 PGlite')}</Descriptions.Item>
              <Descriptions.Item label={t('版本')}>{database.version}</Descriptions.Item>
              <Descriptions.Item label={t('库名')}>{database.name}</Descriptions.Item>
              <Descriptions.Item label={t('大小')}>{bytes(database.sizeBytes)}</Descriptions.Item>
              <Descriptions.Item label={t('连接数')}>{database.connections ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('连接池')}>
                {database.pool ? (
                  <Progress
                    aria-label={t('连接池')}
                    percent={Math.round((database.pool.total / database.pool.max) * PERCENT)}
                    size="small"
                    format={() => t('{total} / {max}（空闲 {idle}，等待 {waiting}）', { ...database.pool! })}
                  />
                ) : (
                  t('内置数据库没有连接池')
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('迁移')}>
                <Space wrap>
                  {ok(migrations.current, '已是最新', '有待执行的迁移')}
                  {t('已执行 {applied} 个，本版本 {shipped} 个，最新 {latest}', {
                    applied: migrations.applied,
                    shipped: migrations.shipped,
                    latest: migrations.latestShipped ?? '-',
                  })}
                </Space>
                {migrations.pending.length > 0 && <div>{t('待执行：{list}', { list: migrations.pending.join('、') })}</div>}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('存储')} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('类型')}>{storage.driver === 'local' ? t('本地目录') : t('S3 兼容对象存储')}</Descriptions.Item>
              <Descriptions.Item label={t('位置')}>
                <Typography.Text copyable>{storage.location}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('可写')}>
                {ok(storage.writable, '可写', '不可写')}
                {storage.error}
              </Descriptions.Item>
              {storage.disk && (
                <Descriptions.Item label={t('磁盘')}>
                  <Progress
                    aria-label={t('磁盘')}
                    percent={Math.round(((storage.disk.totalBytes - storage.disk.freeBytes) / storage.disk.totalBytes) * PERCENT)}
                    size="small"
                    format={() => t('剩余 {free} / 共 {total}', { free: bytes(storage.disk!.freeBytes), total: bytes(storage.disk!.totalBytes) })}
                  />
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('本实例的定时器')} size="small">
            {scheduler.running ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('检查间隔')}>{t('{n} 秒', { n: scheduler.tickSeconds ?? 0 })}</Descriptions.Item>
                <Descriptions.Item label={t('上次检查')}>{dt(scheduler.lastTickAt)}</Descriptions.Item>
                {scheduler.lastError && (
                  <Descriptions.Item label={t('上次检查出错')}>
                    <Typography.Text type="danger">{scheduler.lastError}</Typography.Text>
                  </Descriptions.Item>
                )}
              </Descriptions>
            ) : (
              <Alert type="info" showIcon title={t('本实例不运行定时任务（SCHEDULER_DISABLED 或测试环境）；其他实例照常执行，同一任务只执行一次。')} />
            )}
          </Card>
        </Col>
      </Row>
      <Card title={t('定时任务')} size="small">
        <Table<JobStatus>
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={jobs}
          locale={{ emptyText: t('没有定时任务') }}
          columns={[
            { title: t('任务'), dataIndex: 'name' },
            { title: t('状态'), dataIndex: 'enabled', width: 90, render: (v: boolean) => (v ? <Tag color="green">{t('启用')}</Tag> : <Tag>{t('停用')}</Tag>) },
            { title: t('上次执行'), dataIndex: 'lastRunAt', width: 180, render: dt },
            {
              title: t('上次结果'),
              dataIndex: 'lastStatus',
              width: 260,
              render: (v: JobStatus['lastStatus'], row) =>
                v === null ? (
                  <Typography.Text type="secondary">{t('未执行')}</Typography.Text>
                ) : (
                  <Space>
                    {ok(v === 'success', '成功', '失败')}
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
                      {row.lastMessage ? t(row.lastMessage) : ''}
                    </Typography.Text>
                  </Space>
                ),
            },
            { title: t('下次执行'), dataIndex: 'nextRunAt', width: 180, render: dt },
          ]}
        />
      </Card>
    </Space>
  );
}
