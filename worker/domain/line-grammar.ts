/**
 * What a LINE message says (docs/product.md §25), read without I/O: `<digits> <word> [value]` for the nine event
 * words, the chat's own words (牧場, 今日, 作業), a link code, or nothing the product knows (help). The text is
 * NFKC-normalised first (§18): full-width digits, letters and spaces are read as ASCII.
 */
import type { EventType } from './event-types';
import { nfkc } from './text-input';

/** The link code's alphabet (no 0/O, 1/I): 8 of them, typed by hand from the settings screen. */
export const LINK_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const LINK_CODE_LENGTH = 8;
const LINK_CODE = new RegExp(`^[${LINK_CODE_ALPHABET}]{${LINK_CODE_LENGTH}}$`);

export const LINE_WEIGHT_REQUIRED = '体重はkgで入力してください（例：1234 体重 512）';

/** What a message records, before the animal is found: the event, its details and notes, and what to show. */
export interface LineRecord {
  kind: 'record';
  digits: string;
  eventType: EventType;
  details: Record<string, unknown>;
  notes: string | null;
  /** The value as the confirmation shows it in '（…）', or null when the message gave none. */
  shown: string | null;
  /** An AI without a sire name takes the farm's last sire; the technician is always the farm's last. */
  defaultsFromLastService: boolean;
}

export type LineMessage =
  | LineRecord
  | { kind: 'code'; code: string }
  | { kind: 'farm' }
  | { kind: 'today' }
  | { kind: 'refused'; message: string }
  | { kind: 'help' };

type Word = { eventType: EventType; read: (value: string | null) => Omit<LineRecord, 'kind' | 'digits'> | string };

const plain = (eventType: EventType): Word => ({
  eventType,
  read: () => ({ eventType, details: {}, notes: null, shown: null, defaultsFromLastService: false }),
});

const pregnancy = (result: 'PREGNANT' | 'OPEN'): Word => ({
  eventType: 'PREGNANCY_CHECK',
  read: () => ({
    eventType: 'PREGNANCY_CHECK',
    details: { result },
    notes: null,
    // The word is the result: the confirmation names it, or 妊娠 and 空胎 would read the same.
    shown: result === 'PREGNANT' ? '妊娠' : '空胎',
    defaultsFromLastService: false,
  }),
});

const CALVES: Record<string, string[]> = {
  雌: ['雌'],
  雄: ['雄'],
  雌雄: ['雌', '雄'],
  雄雌: ['雄', '雌'],
  雄雄: ['雄', '雄'],
  雌雌: ['雌', '雌'],
};

const WEIGHT = /^(\d+(?:\.\d+)?)\s*(?:kg|KG|Kg|キロ)?$/;

const WORDS: Record<string, Word> = {
  授精: {
    eventType: 'INSEMINATION',
    read: (sire) => ({
      eventType: 'INSEMINATION',
      details: sire ? { method: 'AI', sireName: sire } : { method: 'AI' },
      notes: null,
      shown: sire,
      defaultsFromLastService: true,
    }),
  },
  発情: plain('ESTRUS'),
  妊娠: pregnancy('PREGNANT'),
  受胎: pregnancy('PREGNANT'),
  '妊娠+': pregnancy('PREGNANT'),
  空胎: pregnancy('OPEN'),
  不受胎: pregnancy('OPEN'),
  '妊娠-': pregnancy('OPEN'),
  分娩: {
    eventType: 'CALVING',
    read: (value) => {
      if (value === null)
        return { eventType: 'CALVING', details: {}, notes: null, shown: null, defaultsFromLastService: false };
      const calves = CALVES[value];
      if (!calves) return '分娩は 雌・雄（双子は 雌雄・雄雄・雌雌）で入力してください（例：1234 分娩 雌）';
      return {
        eventType: 'CALVING',
        details: { calves: calves.map((gender) => ({ gender })) },
        notes: null,
        shown: value,
        defaultsFromLastService: false,
      };
    },
  },
  体重: {
    eventType: 'WEIGHT_MEASURED',
    read: (value) => {
      const match = value === null ? null : WEIGHT.exec(value);
      const kg = match ? Number(match[1]) : Number.NaN;
      if (!match || !(kg > 0)) return LINE_WEIGHT_REQUIRED;
      return {
        eventType: 'WEIGHT_MEASURED',
        details: { weightKg: kg },
        notes: null,
        shown: `${kg}kg`,
        defaultsFromLastService: false,
      };
    },
  },
  ワクチン: {
    eventType: 'VACCINATION',
    read: (product) => ({
      eventType: 'VACCINATION',
      details: product ? { product } : {},
      notes: null,
      shown: product,
      defaultsFromLastService: false,
    }),
  },
  治療: {
    eventType: 'TREATMENT_STARTED',
    // TREATMENT_STARTED has no details (§6): the diagnosis is the event's note.
    read: (diagnosis) => ({
      eventType: 'TREATMENT_STARTED',
      details: {},
      notes: diagnosis,
      shown: diagnosis,
      defaultsFromLastService: false,
    }),
  },
  乾乳: plain('DRY_OFF'),
  死亡: plain('DEATH'),
};
WORDS.AI = WORDS.授精;
WORDS.種付 = WORDS.授精;

/** The words a help reply lists, in the table's order (§25). */
export const LINE_WORDS = ['授精', '発情', '妊娠', '空胎', '分娩', '体重', 'ワクチン', '治療', '乾乳', '死亡'] as const;

const RECORD = /^(\d+)\s+(\S+)(?:\s+(.+))?$/;

/** Reads one text message of a LINE chat (§25). */
export function readLineMessage(text: string): LineMessage {
  const normalised = nfkc(text).replace(/\s+/g, ' ').trim();
  const upper = normalised.toUpperCase();
  if (LINK_CODE.test(upper)) return { kind: 'code', code: upper };
  if (normalised === '牧場') return { kind: 'farm' };
  if (normalised === '今日' || normalised === '作業') return { kind: 'today' };
  const match = RECORD.exec(normalised);
  if (!match) return { kind: 'help' };
  const [, digits, wordText, rawValue] = match;
  const word = WORDS[wordText] ?? WORDS[wordText.toUpperCase()];
  if (!word) return { kind: 'help' };
  const value = rawValue?.trim() ? rawValue.trim() : null;
  const read = word.read(value);
  if (typeof read === 'string') return { kind: 'refused', message: read };
  return { kind: 'record', digits, ...read };
}

/** 'M/D' of a JST calendar date, without leading zeros ('2026-05-03' → '5/3'). */
export const monthDay = (date: string): string => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
