// /user → /user/loginV2（SPEC §2）
import { redirect } from 'next/navigation';

export default function UserIndex() {
  redirect('/user/loginV2');
}
