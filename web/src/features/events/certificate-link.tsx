import { Link } from '@tanstack/react-router';
import { defineMessages, useI18n } from '../../lib/i18n';

defineMessages({
  ja: { certificateLink: { open: '授精証明書' } },
  en: { certificateLink: { open: 'AI certificate' } },
});

/** An insemination's link to its printable AI certificate (§21); nothing for other events. */
export function CertificateLink({ event }: { event: { eventId: number; eventType: string } }) {
  const { t } = useI18n();
  if (event.eventType !== 'INSEMINATION') return null;
  return (
    <Link
      to="/events/$eventId/certificate"
      params={{ eventId: String(event.eventId) }}
      className="button button--small"
    >
      {t('certificateLink.open')}
    </Link>
  );
}
