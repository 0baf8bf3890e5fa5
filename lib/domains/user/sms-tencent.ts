// 腾讯云短信（SMS_PROVIDER=tencent）：经腾讯云官方 SDK（tencentcloud-sdk-nodejs-sms，API 2021-01-11 的 SendSms）按模板发送。
// 模板参数依次是验证码与有效分钟数（模板如“验证码{1}，{2}分钟内有效，请勿告诉他人。”）。
// TENCENT_SMS_ENDPOINT 可把请求指向别的地址（内网代理；测试里指向本机的 HTTP 服务器核对 SDK 发出的请求）。
import type { SmsSender } from './sms';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** 如 http://127.0.0.1:9000；不设为腾讯云的 sms.tencentcloudapi.com（https） */
  endpoint: string | null;
}

export const TENCENT_SMS_DEFAULT_REGION = 'ap-guangzhou';
/** SDK 一次请求的超时（秒） */
const REQUEST_TIMEOUT_SECONDS = 30;

const env = (name: string) => process.env[name]?.trim() || '';

/** 从环境变量读出配置；缺少的项返回说明错误的文字 */
export function tencentSmsConfigFromEnv(): TencentSmsConfig | string {
  const cfg = {
    secretId: env('TENCENT_SMS_SECRET_ID') || env('TENCENT_SECRET_ID'),
    secretKey: env('TENCENT_SMS_SECRET_KEY') || env('TENCENT_SECRET_KEY'),
    sdkAppId: env('TENCENT_SMS_SDK_APP_ID'),
    signName: env('TENCENT_SMS_SIGN_NAME'),
    templateId: env('TENCENT_SMS_TEMPLATE_ID'),
    region: env('TENCENT_SMS_REGION') || TENCENT_SMS_DEFAULT_REGION,
    endpoint: env('TENCENT_SMS_ENDPOINT') || null,
  };
  const missing = [
    ['TENCENT_SMS_SECRET_ID', cfg.secretId],
    ['TENCENT_SMS_SECRET_KEY', cfg.secretKey],
    ['TENCENT_SMS_SDK_APP_ID', cfg.sdkAppId],
    ['TENCENT_SMS_SIGN_NAME', cfg.signName],
    ['TENCENT_SMS_TEMPLATE_ID', cfg.templateId],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) return `SMS_PROVIDER=tencent 需要设置 ${missing.join('、')}`;
  if (cfg.endpoint && !/^https?:\/\/[^/]+\/?$/.test(cfg.endpoint)) return 'TENCENT_SMS_ENDPOINT 须是 http(s)://主机[:端口]';
  return cfg;
}

export function tencentSmsSender(cfg: TencentSmsConfig): SmsSender {
  type SmsClient = InstanceType<(typeof import('tencentcloud-sdk-nodejs-sms'))['sms']['v20210111']['Client']>;
  // SDK 用到时才加载：默认的 log 方式不加载它
  let client: Promise<SmsClient> | null = null;
  const clientOf = () =>
    (client ??= import('tencentcloud-sdk-nodejs-sms').then(({ sms }) => {
      const url = cfg.endpoint ? new URL(cfg.endpoint) : null;
      return new sms.v20210111.Client({
        credential: { secretId: cfg.secretId, secretKey: cfg.secretKey },
        region: cfg.region,
        profile: { httpProfile: { reqTimeout: REQUEST_TIMEOUT_SECONDS, ...(url ? { endpoint: url.host, protocol: `${url.protocol}//` } : {}) } },
      });
    }));
  return {
    async send(mobile, _text, opts) {
      const res = await (
        await clientOf()
      ).SendSms({
        SmsSdkAppId: cfg.sdkAppId,
        SignName: cfg.signName,
        TemplateId: cfg.templateId,
        TemplateParamSet: opts?.params ?? [],
        PhoneNumberSet: [`+86${mobile}`],
        // 腾讯云不按它去重，但原样带回（回执里据此对上外发队列的行）
        SessionContext: opts?.key ?? '',
      });
      const status = res.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') throw new Error(`腾讯云短信未发出：${status?.Code ?? '无答复'}${status?.Message ? ` ${status.Message}` : ''}`);
    },
  };
}
