import { createRouter } from '../lib/http';
import { turnstileRequired } from '../lib/turnstile';
import * as routes from './waiting-list.routes';
import { preRegister } from './waiting-list.service';

export const waitingListRouter = createRouter()
  .openapi(routes.config, (c) =>
    c.json(
      { data: { turnstileSiteKey: c.env.TURNSTILE_SITE_KEY || null, turnstileRequired: turnstileRequired(c.env) } },
      200,
    ),
  )
  .openapi(routes.preRegister, async (c) => {
    const { email } = c.req.valid('json');
    const ip = c.req.header('CF-Connecting-IP') ?? null;
    const { created } = await preRegister(c.env, c.get('log'), ip, c.req.valid('json'));
    if (!created) {
      return c.json(
        { data: { email, alreadyRegistered: true, message: 'このメールアドレスは既に事前登録されています。' } },
        200,
      );
    }
    return c.json(
      { data: { email, alreadyRegistered: false, message: '事前登録を受け付けました。確認メールをお送りしました。' } },
      201,
    );
  });
