import { escapeHtml } from '../lib/html';
import { layout } from '../mail/layout';

/** The `invitation` mail: who invites to which farm with which role, and the link to accept. */
export function invitationMail(
  appUrl: string,
  token: string,
  invite: { farmName: string; inviter: string; role: string },
) {
  const link = `${appUrl.replace(/\/$/, '')}/invite?token=${encodeURIComponent(token)}`;
  const line = `${invite.inviter} さんから「${invite.farmName}」に${invite.role}として招待されました。`;
  return {
    subject: `【牛帳】「${invite.farmName}」への招待`,
    text: `${line}\n\n次のリンクから参加してください（7日間有効、1回のみ）：\n${link}\n\n牛帳のアカウントがない場合は、リンク先で登録してから参加できます。\n\n牛帳 Ushichō`,
    html: layout(
      `「${invite.farmName}」への招待`,
      `<p>${escapeHtml(line)}</p>` +
        `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#166534;color:#fff;border-radius:8px;text-decoration:none">招待を受ける</a></p>` +
        `<p style="font-size:13px">7日間有効、1回のみ使えます。ボタンが開けない場合: ${escapeHtml(link)}</p>` +
        `<p style="font-size:13px">牛帳のアカウントがない場合は、リンク先で登録してから参加できます。</p>`,
    ),
  };
}
