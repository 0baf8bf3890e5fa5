// 富文本清洗：脚本、事件属性、javascript: 链接、data: 与 http 图片、iframe、style 一律去掉；排版标签保留；
// 经保存接口写入的正文同样被清洗，清洗后没有内容即拒绝。
import { beforeAll, describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from '@/lib/platform/html/sanitize';
import type { ArticleDetail, PublicArticle } from '@/lib/domains/content/schemas';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { post, signIn } from './helpers';

setupTestDb();
beforeAll(signIn);

const FAKE_UPLOAD = '<img src="/files/0000000000/abcdefghijklmnopqrstuv.png" onerror="alert(2)" onload="x()">';
const HOSTILE = [
  '<p onclick="steal()">正文<script>alert(1)</script></p>',
  '<img src=x onerror=alert(1)>',
  FAKE_UPLOAD,
  '<a href="javascript:alert(3)">点我</a>',
  '<a href="JaVaScRiPt:alert(4)">再点</a>',
  '<a href="  javascript:alert(5)">空格</a>',
  '<a href="//evil.example.com/x">协议相对</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<img src="http://insecure.example.com/a.png">',
  '<iframe src="https://evil.example.com"></iframe>',
  '<svg onload="alert(6)"><circle r="1"/></svg>',
  '<div style="background:url(javascript:alert(7))">样式</div>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<math><mi xlink:href="javascript:alert(8)">m</mi></math>',
  '<form action="https://evil.example.com"><input name="p"></form>',
].join('');

describe('清洗器（lib/platform/html/sanitize.ts）', () => {
  const out = sanitizeRichText(HOSTILE);

  it('去掉脚本、事件属性、危险地址与不在白名单里的标签', () => {
    for (const bad of ['<script', 'alert(1)', 'onerror', 'onclick', 'onload', 'javascript:', 'data:', 'http://insecure', '//evil', '<iframe', '<svg', 'style=', '<object', '<embed', '<form', '<input', 'xlink']) {
      expect(out.toLowerCase(), bad).not.toContain(bad.toLowerCase());
    }
  });

  it('保留文字与允许的标签；站内上传的图片保留（去掉事件属性）', () => {
    expect(out).toContain('<p>正文</p>');
    expect(out).toContain('<img src="/files/0000000000/abcdefghijklmnopqrstuv.png" />');
    expect(out).toContain('<a>点我</a>');
    expect(richTextToPlain(out)).toContain('样式');
  });

  it('外部链接加 rel="noopener noreferrer" 并在新窗口打开；站内链接与 mailto 保留', () => {
    expect(sanitizeRichText('<a href="https://www.mohrss.gov.cn" target="_self">人社部</a>')).toBe('<a href="https://www.mohrss.gov.cn" target="_blank" rel="noopener noreferrer">人社部</a>');
    expect(sanitizeRichText('<a href="/articles/policy">政策</a>')).toBe('<a href="/articles/policy" rel="noopener">政策</a>');
    expect(sanitizeRichText('<a href="mailto:jnjd@hbrs.example.cn">邮件</a>')).toContain('href="mailto:jnjd@hbrs.example.cn"');
  });

  it('标题、列表、表格、引用、代码、加粗下划线删除线保留', () => {
    const html =
      '<h2>一、总则</h2><ol><li><p>第一条</p></li></ol><ul><li>甲</li></ul><table><tbody><tr><td colspan="2">格</td></tr></tbody></table><blockquote><p>引</p></blockquote><pre><code>x</code></pre><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('图片地址中带 .. 的站内路径不保留', () => {
    expect(sanitizeRichText('<img src="/files/../../etc/passwd">')).toBe('');
  });

  it('外站图片不保留（只认本系统上传的）', () => {
    expect(sanitizeRichText('<p>a</p><img src="https://tracker.example.com/p.gif">')).toBe('<p>a</p>');
  });
});

describe('经接口保存的正文都被清洗', () => {
  it('正文引用了不是经本系统上传的 /files 地址：400', async () => {
    const res = await post('admin', '/sys/content/notice/save', { title: '引用假上传地址', category: '通知', body: `<p>x</p>${FAKE_UPLOAD}` });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toContain('文件不存在或不能使用');
  });

  it('保存后读出的正文不含脚本与 onerror，门户读到的同样干净', async () => {
    const body = HOSTILE.replace(FAKE_UPLOAD, '');
    const saved = await post<{ id: number }>('admin', '/sys/content/notice/save', { title: '含恶意脚本的通知', category: '通知', body });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    const detail = (await post<ArticleDetail>('admin', '/sys/content/notice/detail', { id })).body.data;
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe']) expect(detail.body.toLowerCase()).not.toContain(bad);
    expect(detail.body).toContain('正文');
    expect(detail.summary).toBe(richTextToPlain(sanitizeRichText(body)).slice(0, 120));

    expect((await post('admin', '/sys/content/notice/publish', { id })).status).toBe(200);
    const pub = (await call<PublicArticle>('GET', '/comApi/article', { query: { id } })).body.data;
    for (const bad of ['<script', 'onerror', 'javascript:']) expect(pub.body.toLowerCase()).not.toContain(bad);
  });

  it('清洗后什么都不剩（只有脚本）：400“正文不能为空”', async () => {
    const res = await post('admin', '/sys/content/notice/save', { title: '只有脚本的通知', category: '通知', body: '<script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('正文不能为空（不允许的标签与脚本已被去掉）');
  });
});
