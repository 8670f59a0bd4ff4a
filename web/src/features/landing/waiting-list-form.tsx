import { Turnstile, type TurnstileInstance } from '@marsidev/react-turnstile';
import { useQuery } from '@tanstack/react-query';
import { DEVELOPMENT_TURNSTILE_TOKEN, preRegisterBodySchema } from '@worker/waiting-list/waiting-list.schemas';
import { useEffect, useRef, useState } from 'react';
import { preRegister, waitingListConfigQuery } from '../../api/accounts';
import { EmailField, FormError, SelectField, SubmitButton, useSchemaForm } from '../../components/form';
import { defineMessages, useI18n } from '../../lib/i18n';
import { REFERRAL_SOURCES } from '../../lib/referral-sources';
import './waiting-list.css';

defineMessages({
  ja: {
    waitingList: {
      title: '事前登録（ウェイティングリスト）',
      lead: '正式公開のご案内をメールでお送りします。登録は無料、メールアドレスだけで完了します。',
      email: 'メールアドレス',
      source: '牛帳を知ったきっかけ',
      sourceNone: '選択してください（任意）',
      botCheck: 'ボット確認',
      botLoading: 'ボット確認を読み込んでいます…',
      botUnavailable: 'ボット確認を読み込めませんでした。通信環境を確認して、ページを再読み込みしてください。',
      botSkipped: '開発環境のため、ボット確認を省略して送信できます。',
      submit: '事前登録する',
      doneTitle: '事前登録ありがとうございます',
      doneBody: '{{email}} に確認メールをお送りしました。公開の準備ができ次第ご案内します。',
      alreadyTitle: 'すでに事前登録されています',
      alreadyBody: '{{email}} は登録済みです。公開の準備ができ次第ご案内します。',
      another: '別のメールアドレスを登録する',
    },
  },
  en: {
    waitingList: {
      title: 'Join the waiting list',
      lead: 'We will email you when Ushichō opens. It is free and needs only your email address.',
      email: 'Email address',
      source: 'How did you hear about Ushichō?',
      sourceNone: 'Choose one (optional)',
      botCheck: 'Bot check',
      botLoading: 'Loading the bot check…',
      botUnavailable: 'The bot check could not load. Check your connection and reload the page.',
      botSkipped: 'Development: the bot check is skipped, you can submit without it.',
      submit: 'Join the waiting list',
      doneTitle: 'Thank you for joining',
      doneBody: 'We sent a confirmation to {{email}} and will write again when Ushichō opens.',
      alreadyTitle: 'You are already on the list',
      alreadyBody: '{{email}} is already registered. We will write when Ushichō opens.',
      another: 'Register another address',
    },
  },
});

const WIDGET_LOAD_TIMEOUT_MS = 10_000;

type WidgetState = 'loading' | 'ready' | 'unavailable';

/** The waiting-list form of the landing page: email, referral source and the Turnstile bot check. */
export function WaitingListForm() {
  const { t, locale } = useI18n();
  const config = useQuery(waitingListConfigQuery);
  const siteKey = config.data?.turnstileSiteKey ?? null;
  const verificationSkipped = config.data?.turnstileRequired === false;
  const turnstile = useRef<TurnstileInstance>(null);
  const [token, setToken] = useState<string | null>(null);
  const [widget, setWidget] = useState<WidgetState>('loading');

  useEffect(() => {
    if (config.isError || (config.isSuccess && !siteKey)) return setWidget('unavailable');
    if (widget !== 'loading') return;
    const timer = setTimeout(() => setWidget((w) => (w === 'loading' ? 'unavailable' : w)), WIDGET_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [config.isError, config.isSuccess, siteKey, widget]);

  const join = useSchemaForm({
    schema: preRegisterBodySchema,
    values: (form) => ({
      email: String(form.get('email') ?? ''),
      referralSource: String(form.get('referralSource') ?? '') || undefined,
      locale,
      turnstileToken: token ?? (verificationSkipped ? DEVELOPMENT_TURNSTILE_TOKEN : ''),
    }),
    submit: ({ referralSource, ...body }) =>
      preRegister({ ...body, referralSource: referralSource ?? undefined }).finally(() => {
        // A Turnstile token is good for one verification only.
        setToken(null);
        turnstile.current?.reset();
      }),
  });

  if (join.result) {
    const { alreadyRegistered, email } = join.result;
    return (
      <section className="card waiting-list" aria-labelledby="waiting-list-title">
        <div className="alert alert--success" role="status">
          <h2 id="waiting-list-title">{t(alreadyRegistered ? 'waitingList.alreadyTitle' : 'waitingList.doneTitle')}</h2>
          <p>{t(alreadyRegistered ? 'waitingList.alreadyBody' : 'waitingList.doneBody', { email })}</p>
        </div>
        <button type="button" className="button" onClick={() => join.reset()}>
          {t('waitingList.another')}
        </button>
      </section>
    );
  }

  const { errors } = join;
  return (
    <section id="waiting-list" className="card waiting-list" aria-labelledby="waiting-list-title">
      <h2 id="waiting-list-title">{t('waitingList.title')}</h2>
      <p>{t('waitingList.lead')}</p>
      <form onSubmit={join.onSubmit} noValidate className="form">
        <FormError message={join.message} />
        <EmailField label={t('waitingList.email')} error={errors.email} />
        <SelectField
          label={t('waitingList.source')}
          name="referralSource"
          defaultValue=""
          error={errors.referralSource}
        >
          <option value="">{t('waitingList.sourceNone')}</option>
          {REFERRAL_SOURCES.map((source) => (
            <option key={source} value={source}>
              {t(`referral.${source}`)}
            </option>
          ))}
        </SelectField>
        <fieldset className={`field${errors.turnstileToken ? ' field--error' : ''}`} aria-labelledby="waiting-list-bot">
          <span id="waiting-list-bot" className="waiting-list__label">
            {t('waitingList.botCheck')}
          </span>
          {siteKey && widget !== 'unavailable' ? (
            <Turnstile
              ref={turnstile}
              siteKey={siteKey}
              className="waiting-list__widget"
              options={{
                language: locale,
                size: 'flexible',
                theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light',
              }}
              scriptOptions={{ onError: () => setWidget('unavailable') }}
              onWidgetLoad={() => setWidget('ready')}
              onSuccess={setToken}
              onExpire={() => setToken(null)}
              onError={() => setWidget('unavailable')}
            />
          ) : null}
          {widget === 'loading' ? <p className="field__hint">{t('waitingList.botLoading')}</p> : null}
          {widget === 'unavailable' ? (
            <p className="field__hint">
              {verificationSkipped ? t('waitingList.botSkipped') : t('waitingList.botUnavailable')}
            </p>
          ) : null}
          {errors.turnstileToken ? (
            <p className="field__error" role="alert">
              {errors.turnstileToken}
            </p>
          ) : null}
        </fieldset>
        <SubmitButton pending={join.saving}>{t('waitingList.submit')}</SubmitButton>
      </form>
    </section>
  );
}
