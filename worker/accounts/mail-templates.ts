import { escapeHtml } from '../lib/html';
import { layout } from '../mail/layout';

export function verificationMail(appUrl: string, token: string) {
  const link = `${appUrl.replace(/\/$/, '')}/verify?token=${encodeURIComponent(token)}`;
  return {
    subject: '【牛帳】メールアドレスの確認',
    text: `牛帳へのご登録ありがとうございます。\n\n次のリンクを開いて本登録を完了してください（24時間有効）：\n${link}\n\nお心当たりのない場合は、このメールを破棄してください。\n\n牛帳 Ushichō`,
    html: layout(
      'メールアドレスの確認',
      `<p>牛帳へのご登録ありがとうございます。次のボタンから本登録を完了してください（24時間有効）。</p>` +
        `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#166534;color:#fff;border-radius:8px;text-decoration:none">本登録を完了する</a></p>` +
        `<p style="font-size:13px">ボタンが開けない場合: ${escapeHtml(link)}</p>`,
    ),
  };
}

export function completedMail(appUrl: string, userName: string) {
  const link = `${appUrl.replace(/\/$/, '')}/login`;
  return {
    subject: '【牛帳】本登録が完了しました',
    text: `${userName} 様\n\n牛帳の本登録が完了しました。次のリンクからログインできます：\n${link}\n\n牛帳 Ushichō`,
    html: layout(
      '本登録が完了しました',
      `<p>${escapeHtml(userName)} 様</p><p>牛帳の本登録が完了しました。</p><p><a href="${escapeHtml(link)}">ログインする</a></p>`,
    ),
  };
}

export function passwordResetMail(appUrl: string, token: string) {
  const link = `${appUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    subject: '【牛帳】パスワードの再設定',
    text: `パスワード再設定のご依頼を受け付けました。\n\n次のリンクから新しいパスワードを設定してください（1時間有効、1回のみ）：\n${link}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変わりません。\n\n牛帳 Ushichō`,
    html: layout(
      'パスワードの再設定',
      `<p>次のボタンから新しいパスワードを設定してください（1時間有効、1回のみ）。</p>` +
        `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#166534;color:#fff;border-radius:8px;text-decoration:none">パスワードを再設定する</a></p>` +
        `<p style="font-size:13px">ボタンが開けない場合: ${escapeHtml(link)}</p>` +
        `<p style="font-size:13px">お心当たりのない場合は、このメールを破棄してください。パスワードは変わりません。</p>`,
    ),
  };
}

/** To a verified address that registered again (§3): no verification link, but how to get in. */
export function alreadyRegisteredMail(appUrl: string) {
  const base = appUrl.replace(/\/$/, '');
  const login = `${base}/login`;
  const reset = `${base}/forgot-password`;
  return {
    subject: '【牛帳】このメールアドレスは登録済みです',
    text: `牛帳への登録のお申し込みがありましたが、このメールアドレスは既に登録されています。\n\nログイン：${login}\nパスワードをお忘れの場合：${reset}\n\nお心当たりのない場合は、このメールを破棄してください。\n\n牛帳 Ushichō`,
    html: layout(
      'このメールアドレスは登録済みです',
      `<p>牛帳への登録のお申し込みがありましたが、このメールアドレスは既に登録されています。</p>` +
        `<p><a href="${escapeHtml(login)}">ログインする</a> ／ <a href="${escapeHtml(reset)}">パスワードを再設定する</a></p>` +
        `<p style="font-size:13px">お心当たりのない場合は、このメールを破棄してください。</p>`,
    ),
  };
}
