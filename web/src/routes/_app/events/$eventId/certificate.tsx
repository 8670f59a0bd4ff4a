import { createFileRoute } from '@tanstack/react-router';
import { certificateQuery } from '../../../../api/filings';
import { CertificatePage } from '../../../../features/filings/certificate-page';

export const Route = createFileRoute('/_app/events/$eventId/certificate')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(certificateQuery(Number(params.eventId))),
  component: CertificateScreen,
});

function CertificateScreen() {
  return <CertificatePage eventId={Number(Route.useParams().eventId)} />;
}
