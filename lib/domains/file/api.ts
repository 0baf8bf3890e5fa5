// 上传服务的端点：上传（SPEC §7 File upload）、直传对象存储的签发与确认、已上传文件的信息。规则在 service.ts。
import { endpoint, type EndpointTable, sessionOf } from '@/lib/platform/api/endpoint';
import { CompleteUploadInput, FileInfoInput, PresignInput } from './schemas';
import { completeUpload, describeFiles, maxRequestBytes, presignUpload, uploadFiles } from './service';

export const fileApi = {
  'POST /uploadMulti': endpoint({
    summary:
      '上传文件：multipart 字段 file（可多个）、directory（本人编码或默认日期目录）、rename、sign（md5(md5(文件名+后缀))）、purpose（image/document/video/courseware/attachment，默认 attachment）、sizeCheck；答复 {success, returnMsg, data:[{url, fileSize}]}',
    permission: 'login',
    body: 'multipart',
    streamBody: { maxBytes: maxRequestBytes() },
    envelope: 'upload',
    handle: (_input, ctx) => uploadFiles(ctx.db, sessionOf(ctx), ctx.request, ctx.audit),
  }),
  'POST /comApi/getHuaWeiSign': endpoint({
    summary: '签发视频直传对象存储的地址（PUT，15 分钟内有效）；本地存储时答“未配置对象存储”',
    permission: 'login',
    input: PresignInput,
    handle: (input, ctx) => presignUpload(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /comApi/completeHuaWeiUpload': endpoint({
    summary: '确认直传完成：检查对象的大小与内容，通过后可使用',
    permission: 'login',
    input: CompleteUploadInput,
    handle: (input, ctx) => completeUpload(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /file/getFileInfo': endpoint({
    summary: '已上传文件的原名、大小与种类（只含当前用户可读的）',
    permission: 'login',
    input: FileInfoInput,
    handle: ({ urls }, ctx) => describeFiles(ctx.db, sessionOf(ctx), urls),
  }),
} satisfies EndpointTable;
