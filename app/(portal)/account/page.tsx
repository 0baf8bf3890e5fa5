// /account → /account/settings → /account/settings/basic（SPEC §2）
import { redirect } from 'next/navigation';

export default function AccountIndex() {
  redirect('/account/settings');
}
