import { lazy, Suspense, useState } from 'react';
import { useCurrentFarm } from '../../api/farms';
import { Dialog } from '../../components/dialog';
import { Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './messages';

// The form checks with the API's programme rules (zod): loaded when the dialog first opens, not with the herd list.
const EnrolForm = lazy(() => import('./enrol-form').then(({ EnrolForm }) => ({ default: EnrolForm })));

/** On the herd list: プログラムに登録 — choose cows, a programme and the start (staff and owners). */
export function EnrolFromHerd() {
  const { t } = useI18n();
  const { current } = useCurrentFarm();
  const [open, setOpen] = useState(false);
  if (!current || current.role === 'viewer') return null;
  return (
    <div className="enrol-from-herd">
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('programmes.enrol')}
      </button>
      <Dialog open={open} title={t('programmes.enrolTitle')} onClose={() => setOpen(false)}>
        <Suspense fallback={<Loading />}>
          <EnrolForm onClose={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </div>
  );
}
