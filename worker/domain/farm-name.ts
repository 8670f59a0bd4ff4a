import { z } from 'zod';
import { containsUrl, NAME_URL_MESSAGE } from './input';

/** A farm's name as every form takes it (§13): trimmed, 1–50 characters, written as typed ('北牧場（デモ）'). */
export const farmNameSchema = z
  .string({ error: '牧場名は1〜50文字で入力してください' })
  .trim()
  .min(1, '牧場名は1〜50文字で入力してください')
  .max(50, '牧場名は1〜50文字で入力してください')
  .refine((name) => !containsUrl(name), NAME_URL_MESSAGE);

/** The name of the farm a new user gets when they name none: `{userName}の牧場`. */
export const ownFarmName = (userName: string) => `${userName}の牧場`;
