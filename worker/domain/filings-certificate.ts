/**
 * Who signs an AI certificate (授精証明書) and the AI register (家畜人工授精簿), docs/product.md §21 (turn 4): the
 * technician named on the event, else the member who recorded it; the recorder's licence number only when the
 * technician is that member. A certificate never pairs one person's name with another's licence.
 */
import { nfkc } from './text-input';

/** A name as §18 compares it: NFKC-normalised (全角 → ASCII, ﾊﾝｶｸ → 全角), with every space removed. */
const comparableName = (name: string) => nfkc(name).replace(/\s+/gu, '');

/** The technician the event names, when it names one (blank is none). */
const namedTechnician = (technician: unknown) =>
  typeof technician === 'string' && comparableName(technician) !== '' ? technician : null;

/**
 * The certificate's technician: `name` = the event's technician, else the recorder's name; `license` = the recorder's
 * inseminatorLicense when no technician is given or the technician's name is the recorder's own (after §18's
 * normalisation, spaces removed), else null.
 */
export function certificateTechnician(
  technician: unknown,
  recorder: { userName: string; inseminatorLicense: string | null } | undefined,
): { name: string | null; license: string | null } {
  const named = namedTechnician(technician);
  const license = recorder?.inseminatorLicense || null;
  if (named === null) return { name: recorder?.userName ?? null, license };
  const isRecorder = recorder !== undefined && comparableName(named) === comparableName(recorder.userName);
  return { name: named, license: isRecorder ? license : null };
}
