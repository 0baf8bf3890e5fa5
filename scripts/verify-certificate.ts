// npx tsx scripts/verify-certificate.ts <证书二维码的链接或载荷 | 可验证凭证 .vc.jwt 文件> <公钥文件>
// 只用公布的公钥（/.well-known/certificate-signing-key.pem 或 /.well-known/certificate-keys.json 存下的文件）核验证书二维码
// 或证书的可验证凭证（W3C VC / Open Badges 3.0，列表上“可验证凭证”下载的文件）：
// 不连库、不用服务端的任何密钥。有效时打印签名的字段、退出码 0；无效时打印原因、退出码 1。
import fs from 'node:fs';
import { parsePublishedKeys, tokenFrom, verifyCredential, verifySignedCertificate } from '@/lib/domains/certificate/signed-payload';

const [input, keyFile] = process.argv.slice(2);
if (!input || !keyFile) {
  console.error('用法：npx tsx scripts/verify-certificate.ts <证书二维码的链接或载荷 | .vc.jwt 文件> <公钥文件（PEM 或 certificate-keys.json）>');
  process.exit(2);
}
const keys = parsePublishedKeys(fs.readFileSync(keyFile, 'utf8'));
if (fs.existsSync(input)) {
  const check = verifyCredential(fs.readFileSync(input, 'utf8'), keys);
  if (!check.valid) {
    console.log(`签名无效：${check.reason}`);
    process.exit(1);
  }
  console.log(`签名有效（密钥 ${check.kid}）`);
  console.log(JSON.stringify(check.credential, null, 2));
} else {
  const check = verifySignedCertificate(tokenFrom(input), keys);
  if (check.valid) {
    const c = check.claims;
    console.log(`签名有效（密钥 ${check.kid}）`);
    console.log(`证书编号：${c.no}\n姓名：${c.name}\n职业（工种）：${c.work}\n等级：${c.level}\n发证日期：${c.date}`);
  } else {
    console.log(`签名无效：${check.reason}`);
    process.exit(1);
  }
}
