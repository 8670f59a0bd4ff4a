import { eq } from 'drizzle-orm';
import { directoryDb } from '../db/client';
import { sessions } from '../db/schema';
import { conflict } from '../lib/errors';
import { createRouter } from '../lib/http';
import { enqueueAccountMail } from './account-mail-queue';
import * as routes from './accounts.routes';
import { completeRegistration, findUserByVerificationToken, login, REGISTERED_ANSWER } from './accounts.service';
import { confirmPasswordReset, logoutEverywhere, RESET_REQUESTED_MESSAGE } from './passwords.service';
import { knownClientIp } from './throttle';

export const accountsRouter = createRouter()
  .openapi(routes.register, async (c) => {
    const ip = knownClientIp(c.env, c.req.header('CF-Connecting-IP'));
    const { email, userName } = c.req.valid('json');
    // The same message for every address; the lookup and the mail are the queue consumer's (§3, decision 049).
    await enqueueAccountMail(c.env, { kind: 'register', email, userName: userName ?? null, ip });
    return c.json(REGISTERED_ANSWER, 200);
  })
  .openapi(routes.verify, async (c) => {
    const user = await findUserByVerificationToken(directoryDb(c.env), c.req.valid('json').token);
    if (user.isVerified && user.passwordHash) {
      throw conflict('既に本登録が完了しています。', 'ALREADY_COMPLETED');
    }
    return c.json({ success: true, message: 'トークンは有効です。本登録を完了してください。' }, 200);
  })
  .openapi(routes.complete, async (c) => {
    const session = await completeRegistration(c.env, c.get('log'), c.req.valid('json'));
    return c.json({ success: true, message: '本登録が完了しました。ログインしてください。', ...session }, 200);
  })
  .openapi(routes.login, async (c) => {
    const ip = knownClientIp(c.env, c.req.header('CF-Connecting-IP'));
    return c.json(await login(c.env, c.get('log'), c.req.valid('json'), ip), 200);
  })
  .openapi(routes.providers, (c) =>
    c.json(
      {
        data: {
          google: Boolean(c.env.GOOGLE_CLIENT_ID && c.env.GOOGLE_CLIENT_SECRET),
          line: Boolean(c.env.LINE_CHANNEL_ID && c.env.LINE_CHANNEL_SECRET),
        },
      },
      200,
    ),
  )
  .openapi(routes.logout, async (c) => {
    await directoryDb(c.env)
      .delete(sessions)
      .where(eq(sessions.id, c.get('sessionId')));
    return c.json({ success: true, message: 'ログアウトしました' }, 200);
  })
  .openapi(routes.logoutAll, async (c) => {
    await logoutEverywhere(c.env, c.get('userId'));
    return c.json({ success: true, message: 'すべての端末からログアウトしました' }, 200);
  })
  .openapi(routes.passwordReset, async (c) => {
    const ip = knownClientIp(c.env, c.req.header('CF-Connecting-IP'));
    const { email } = c.req.valid('json');
    await enqueueAccountMail(c.env, { kind: 'reset', email, userName: null, ip });
    return c.json({ success: true, message: RESET_REQUESTED_MESSAGE }, 200);
  })
  .openapi(routes.passwordResetConfirm, async (c) => {
    const { token, password } = c.req.valid('json');
    await confirmPasswordReset(c.env, token, password);
    return c.json(
      { success: true, message: 'パスワードを再設定しました。新しいパスワードでログインしてください。' },
      200,
    );
  });
